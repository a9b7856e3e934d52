import type { AdminStaffCapability, AdminStaffMember, AdminStaffRole } from '@sobremesa/contracts';
import { NOTIFICATION_TYPES, type NotificationType } from '@sobremesa/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminStaffQuery } from '../api/admin-api.ts';
import { adminStaffCalls, useStaffMemberWrite } from '../api/staff-member-writes.ts';
import { failureOf, type Failure } from '../floor-plan/floor-failure.ts';

const fieldFailed = (failure: Failure | null, path: string) =>
  failure?.fields.some((field) => field.path === path || field.path.startsWith(`${path}.`)) ?? false;

/** The code an admin reads out to a member, once: it is not shown again. */
function CodeNotice({ name, capability }: { name: string; capability: AdminStaffCapability }) {
  const { t } = useTranslation('admin');
  if (capability.delivery === 'email') {
    return (
      <p className="notice" role="status">
        {t('staff.emailSent', { name })}
      </p>
    );
  }
  return (
    <div className="notice admin-staff__code" role="status">
      <p>{t('staff.codeIntro', { name })}</p>
      <p className="admin-staff__code-value" data-testid="staff-code">
        {capability.code}
      </p>
      <p className="muted">{t('staff.codeHelp')}</p>
    </div>
  );
}

function RoleChoices({
  roles,
  chosen,
  onChange,
  legend,
  invalid,
  describedBy,
}: {
  roles: readonly AdminStaffRole[];
  chosen: readonly number[];
  onChange: (roleIds: number[]) => void;
  legend: string;
  invalid: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('admin');
  // The alerts a role hears, as the notification centre names them ("Listos para pedir").
  const { t: alerts } = useTranslation('notifications');
  const alertName = (type: string) =>
    (NOTIFICATION_TYPES as readonly string[]).includes(type)
      ? alerts(`types.${type as NotificationType}`)
      : type;
  const id = useId();
  return (
    <fieldset
      className="admin-staff__roles"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <legend className="field__label">{legend}</legend>
      {roles.length === 0 && <p className="muted">{t('staff.noRoles')}</p>}
      {roles.map((role) => (
        <div key={role.id} className="admin-staff__role">
          <input
            id={`${id}-${role.id}`}
            type="checkbox"
            className="admin-staff__check"
            checked={chosen.includes(role.id)}
            aria-describedby={`${id}-${role.id}-detail`}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, role.id] : chosen.filter((roleId) => roleId !== role.id),
              )
            }
          />
          <label htmlFor={`${id}-${role.id}`}>{role.name}</label>
          <span id={`${id}-${role.id}-detail`} className="muted admin-staff__role-detail">
            {t('staff.roleDetail', {
              stations: role.elaborationStations.map((station) => station.name).join(', ') || '—',
              notifications: role.notificationTypes.map(alertName).join(', ') || '—',
            })}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

function InviteForm({ roles }: { roles: readonly AdminStaffRole[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const { run, busy: sending, error } = useStaffMemberWrite();
  const failure = error && failureOf(error, t);
  const [issued, setIssued] = useState<{ name: string; capability: AdminStaffCapability } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIssued(null);
    run(
      () => adminStaffCalls.invite({ name, email, roleIds }),
      (reply) => {
        setIssued({ name: reply.member.name, capability: reply.capability });
        setName('');
        setEmail('');
        setRoleIds([]);
      },
    );
  }

  // A 409 (email taken) or a refused role carries the server's own message in the admin's language; a
  // malformed name or email is explained by this screen's rule for the field.
  const errorText = (path: 'name' | 'email' | 'roleIds') => {
    if (!failure || !fieldFailed(failure, path)) return undefined;
    return failure.status === 409 || path === 'roleIds' ? failure.message : t(`staff.errors.${path}`);
  };
  const problem = (path: 'name' | 'email') => {
    const text = errorText(path);
    return text ? (
      <p id={`${id}-${path}-problem`} className="field__problem">
        {text}
      </p>
    ) : null;
  };
  const unplaced = failure && !['name', 'email', 'roleIds'].some((path) => fieldFailed(failure, path));

  return (
    <AdminSection id={`${id}-title`} title={t('staff.inviteTitle')} intro={t('staff.inviteIntro')}>
      <form className="admin-section__form" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('staff.name')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={fieldFailed(failure, 'name') || undefined}
            aria-describedby={fieldFailed(failure, 'name') ? `${id}-name-problem` : undefined}
          />
          {problem('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {t('staff.email')}
          </label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldFailed(failure, 'email') || undefined}
            aria-describedby={fieldFailed(failure, 'email') ? `${id}-email-problem` : undefined}
          />
          {problem('email')}
        </div>
        <RoleChoices
          roles={roles}
          chosen={roleIds}
          onChange={setRoleIds}
          legend={t('staff.roles')}
          invalid={fieldFailed(failure, 'roleIds')}
          describedBy={fieldFailed(failure, 'roleIds') ? `${id}-roles-problem` : undefined}
        />
        {fieldFailed(failure, 'roleIds') && (
          <p id={`${id}-roles-problem`} className="field__problem">
            {errorText('roleIds')}
          </p>
        )}
        {unplaced && (
          <p className="notice notice--error" role="alert">
            {failure.message}
          </p>
        )}
        <div className="admin-section__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {t('staff.invite')}
          </button>
        </div>
      </form>
      {issued && <CodeNotice name={issued.name} capability={issued.capability} />}
    </AdminSection>
  );
}

function MemberCard({ member, roles }: { member: AdminStaffMember; roles: readonly AdminStaffRole[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [roleIds, setRoleIds] = useState<number[]>([...member.roleIds]);
  const { run: write, busy, error } = useStaffMemberWrite();
  const failure = error && failureOf(error, t);
  const [issued, setIssued] = useState<AdminStaffCapability | null>(null);
  const changed = [...roleIds].sort((a, b) => a - b).join() !== member.roleIds.join();

  const run = (send: () => Promise<unknown>, done: string) => write(send, () => toast.success(done));

  return (
    <li className="card admin-staff__member" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="admin-staff__member-name">
        {member.name}
        {member.disabled && <span className="admin-staff__badge"> · {t('staff.disabled')}</span>}
        {member.pending && <span className="admin-staff__badge"> · {t('staff.pending')}</span>}
      </h3>
      <p className="muted">
        {member.email}
        {member.isAdmin && ` · ${t('staff.admin')}`}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(() => adminStaffCalls.setRoles(member.id, roleIds), t('staff.rolesSaved'));
        }}
      >
        <RoleChoices
          roles={roles}
          chosen={roleIds}
          onChange={setRoleIds}
          legend={t('staff.rolesOf', { name: member.name })}
          invalid={fieldFailed(failure, 'roleIds')}
        />
        <div className="admin-section__actions">
          <button type="submit" className="button button--primary" disabled={!changed || busy}>
            {t('staff.saveRoles')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              run(async () => {
                const reply = await adminStaffCalls.resetPassword(member.id);
                setIssued(reply.capability);
              }, t('staff.resetDone'))
            }
          >
            {t('staff.reset')}
          </button>
          <button
            type="button"
            className={member.disabled ? 'button' : 'button button--danger'}
            disabled={busy}
            onClick={() =>
              run(
                () => adminStaffCalls.setDisabled(member.id, !member.disabled),
                t(member.disabled ? 'staff.enabledDone' : 'staff.disabledDone', { name: member.name }),
              )
            }
          >
            {t(member.disabled ? 'staff.enable' : 'staff.disable')}
          </button>
        </div>
      </form>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure.message}
        </p>
      )}
      {issued && <CodeNotice name={member.name} capability={issued} />}
    </li>
  );
}

/** /ebitdata/equipo: invite members, choose their roles, disable them, reset passwords (issue 22 item 5). */
export function AdminStaff() {
  const { t } = useTranslation('admin');
  const { data } = useSuspenseQuery(adminStaffQuery);
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      <InviteForm roles={data.roles} />
      <h2 className="admin-section__title">{t('staff.members')}</h2>
      <ul className="admin-staff__list">
        {data.members.map((member) => (
          <MemberCard key={`${member.id}-${member.roleIds.join()}`} member={member} roles={data.roles} />
        ))}
      </ul>
    </div>
  );
}
