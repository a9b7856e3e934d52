import { AuditLog } from '../../../features/admin/components/audit-log.tsx';

/** /ebitdata/audit: the audit log viewer (issue 22 §7). */
export function Component() {
  return <AuditLog />;
}
