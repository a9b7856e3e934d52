import { adminStaffCapabilityResponseSchema, adminStaffMemberResponseSchema } from '@sobremesa/contracts';
import { api } from '../../../lib/api.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { adminStaffQuery } from './admin-api.ts';

const member = (id: number, action: string) => `/world/api/admin/staff/${id}/${action}`;

export const adminStaffCalls = {
  invite: (body: { name: string; email: string; roleIds: number[] }) =>
    api.request(adminStaffCapabilityResponseSchema, '/world/api/admin/staff/invite', { body }),
  setRoles: (id: number, roleIds: number[]) =>
    api.request(adminStaffMemberResponseSchema, member(id, 'roles'), { body: { roleIds } }),
  setDisabled: (id: number, disabled: boolean) =>
    api.request(adminStaffMemberResponseSchema, member(id, disabled ? 'disable' : 'enable'), { body: {} }),
  resetPassword: (id: number) =>
    api.request(adminStaffCapabilityResponseSchema, member(id, 'reset-password'), { body: {} }),
};

/** A write on the team: the team is read again before it resolves. */
export const useStaffMemberWrite = () => useWriteThenRead([adminStaffQuery.queryKey]);
