import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import {
  type InviteStaffInput,
  type InviteStaffRequest,
  InviteStaffRequestSchema,
  STAFF_INVITATION_TTL_HOURS,
  type StaffMember,
  type StaffRole,
  type UpdateStaffRequest,
  UpdateStaffRequestSchema,
} from '#shared/contracts/staff.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { ROLE_LABELS } from '../ui/format.ts';
import { useDialogForm } from '../ui/use-editor-form.tsx';
import { invalidateStaff, inviteStaff, updateStaff } from './staff-api.ts';

/** What each role may do, said where it is chosen (docs/product.md#staff-accounts). */
const ROLE_HINT =
  'Both roles run the whole shop. A super admin is an owner: the shop always keeps at least one active super admin.';

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

/** The server's refusal in words: a message for the dialog, or a generic one. */
const refusal = (error: unknown, fallback: string) => (error instanceof ApiError && error.message) || fallback;

const inviteResolver: Resolver<InviteStaffInput, unknown, InviteStaffRequest> = zodResolver(InviteStaffRequestSchema);

/**
 * "Invite staff": email, optional name and role. The invitation mail carries a link valid 72 hours;
 * an email that already has an account is refused on the email field. Mounted only while open.
 */
export function InviteStaffDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { field, dialog } = useDialogForm<InviteStaffInput, InviteStaffRequest>({
    resolver: inviteResolver,
    defaultValues: { email: '', name: '', role: 'admin' },
    save: async (body, form) => {
      setError(null);
      try {
        const invitation = await inviteStaff(body);
        toast({
          variant: 'success',
          title: `Invitation sent to ${invitation.email}`,
          description: `The link works for ${STAFF_INVITATION_TTL_HOURS} hours.`,
        });
        void invalidateStaff(queryClient);
        onClose();
      } catch (caught) {
        const onEmail = caught instanceof ApiError && caught.errors.find((item) => item.path === 'email');
        if (onEmail) form.setError('email', { message: onEmail.message }, { shouldFocus: true });
        else setError(refusal(caught, 'Could not send the invitation'));
      }
    },
  });
  return (
    <FormDialog
      title="Invite staff"
      description={`They get an email with a link to set their password (valid ${STAFF_INVITATION_TTL_HOURS} hours, once).`}
      error={error}
      submitLabel="Send invitation"
      pendingLabel="Sending…"
      size="md"
      {...dialog}
      onClose={onClose}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...field('email')}
      />
      <TextField
        label="Name"
        optional
        autoComplete="off"
        hint="They can change it when they accept."
        {...field('name')}
      />
      <SelectField label="Role" hint={ROLE_HINT} {...field('role')}>
        <RoleOptions />
      </SelectField>
    </FormDialog>
  );
}

interface EditValues {
  name: string;
  role: StaffRole;
}

const editResolver: Resolver<EditValues, unknown, UpdateStaffRequest> = zodResolver(
  UpdateStaffRequestSchema,
) as unknown as Resolver<EditValues, unknown, UpdateStaffRequest>;

/**
 * Edit a staff member's name and role. Your own role is not yours to change (the field is shown,
 * disabled, saying so); the server refuses to demote the last active super admin, said above the fields.
 */
export function EditStaffDialog({
  member,
  isSelf,
  onClose,
}: {
  member: StaffMember;
  isSelf: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const role: StaffRole = member.role === 'super_admin' ? 'super_admin' : 'admin';
  const { field, dialog } = useDialogForm<EditValues, UpdateStaffRequest>({
    resolver: editResolver,
    defaultValues: { name: member.name, role },
    save: async (body) => {
      setError(null);
      try {
        const saved = await updateStaff(member.id, isSelf ? { name: body.name } : body);
        toast({ variant: 'success', title: `${saved.name} saved` });
        void invalidateStaff(queryClient);
        onClose();
      } catch (caught) {
        setError(refusal(caught, 'Could not save the changes'));
      }
    },
  });
  return (
    <FormDialog
      title={`Edit ${member.name}`}
      description={member.email}
      error={error}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      size="md"
      {...dialog}
      onClose={onClose}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <SelectField
        label="Role"
        disabled={isSelf}
        hint={isSelf ? 'You cannot change your own role: another super admin can.' : ROLE_HINT}
        {...field('role')}
      >
        <RoleOptions />
      </SelectField>
    </FormDialog>
  );
}
