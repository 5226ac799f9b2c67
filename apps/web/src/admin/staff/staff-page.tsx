import { useState } from 'react';
import type { StaffMember } from '@servery/contract/staff';
import { ROLE_LABELS } from '@servery/contract/staff-roles';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import {
  useInviteStaffMutation,
  useRemoveStaffMutation,
  useStaffListQuery,
  useUpdateStaffMutation,
} from './staff-api.ts';
import { StaffForm } from './staff-form.tsx';

/** Owners: who works here, in which stores, with which role; invite, change, remove. */
export function StaffPage() {
  const { data: session } = useSessionQuery();
  const list = useStaffListQuery();
  const [invite] = useInviteStaffMutation();
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState('');
  const stores = session?.stores ?? [];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Staff</h1>
        {!inviting && (
          <button
            type="button"
            className={buttonClass({ size: 'lg' })}
            onClick={() => setInviting(true)}
          >
            Invite someone
          </button>
        )}
      </div>
      <p role="status" className="mt-2 min-h-6 text-green-800">
        {notice}
      </p>
      {inviting && (
        <section aria-labelledby="invite-heading" className={`${CARD_CLASS} mt-4`}>
          <h2 id="invite-heading" className="mb-4 text-xl font-bold">
            Invite someone
          </h2>
          <StaffForm
            stores={stores}
            withEmail
            submitLabel="Invite and e-mail them"
            initial={{ email: '', name: '', role: 'staff', store_ids: [] }}
            onSubmit={async (values) => {
              const result = await invite(values);
              if ('error' in result) return { error: result.error };
              setInviting(false);
              setNotice(`${result.data.name} has been added and e-mailed where to sign in.`);
              return {};
            }}
          />
          <button
            type="button"
            className={`${buttonClass({ variant: 'outline', size: 'lg' })} mt-3`}
            onClick={() => setInviting(false)}
          >
            Cancel
          </button>
        </section>
      )}
      {list.isLoading && <p role="status">Loading the staff…</p>}
      {list.error && <ProblemLine message={adminErrorMessage(list.error)} className="mt-4" />}
      <ul className="mt-4 space-y-3">
        {list.data?.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            isMe={member.id === session?.staff.id}
            storeNames={Object.fromEntries(stores.map((s) => [s.id, s.name]))}
            onNotice={setNotice}
          />
        ))}
      </ul>
    </>
  );
}

function StaffRow({
  member,
  isMe,
  storeNames,
  onNotice,
}: {
  member: StaffMember;
  isMe: boolean;
  storeNames: Record<string, string>;
  onNotice: (text: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view');
  const removed = member.status === 'removed';

  return (
    <li className={`${CARD_CLASS} ${removed ? 'opacity-70' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <MemberSummary member={member} isMe={isMe} storeNames={storeNames} />
        {/* Kept behind the question to remove, so focus goes back to its button when it closes. */}
        {!removed && mode !== 'edit' && (
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('edit')}
            >
              Change<span className="sr-only"> {member.name}</span>
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('confirm-remove')}
            >
              Remove<span className="sr-only"> {member.name}</span>
            </button>
          </div>
        )}
      </div>
      {mode === 'edit' && (
        <EditMember member={member} onDone={() => setMode('view')} onNotice={onNotice} />
      )}
      {!removed && (
        <ConfirmRemove
          member={member}
          open={mode === 'confirm-remove'}
          onDone={() => setMode('view')}
          onNotice={onNotice}
        />
      )}
    </li>
  );
}

function MemberSummary({
  member,
  isMe,
  storeNames,
}: {
  member: StaffMember;
  isMe: boolean;
  storeNames: Record<string, string>;
}) {
  const removed = member.status === 'removed';
  const lastSeen = member.last_sign_in_at
    ? new Date(member.last_sign_in_at).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : 'never';
  return (
    <div>
      <p className="text-xl font-bold">
        {member.name} {isMe && <span className="text-base font-normal">(you)</span>}
      </p>
      <p className="text-stone-700">{member.email}</p>
      <p className="mt-1">
        <strong>{removed ? 'Removed' : ROLE_LABELS[member.role]}</strong>
        {!removed && (
          <>
            {' · '}
            {member.role === 'owner'
              ? 'every store'
              : member.store_ids.map((id) => storeNames[id] ?? 'a store').join(', ') || 'no store'}
          </>
        )}
        {' · last signed in '}
        {lastSeen}
      </p>
    </div>
  );
}

function EditMember({
  member,
  onDone,
  onNotice,
}: {
  member: StaffMember;
  onDone: () => void;
  onNotice: (text: string) => void;
}) {
  const { data: session } = useSessionQuery();
  const [update] = useUpdateStaffMutation();
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      <StaffForm
        stores={session?.stores ?? []}
        withEmail={false}
        submitLabel="Save changes"
        initial={{
          email: member.email,
          name: member.name,
          role: member.role,
          store_ids: member.store_ids,
        }}
        onSubmit={async ({ name, role, store_ids }) => {
          const result = await update({ id: member.id, name, role, store_ids });
          if ('error' in result) return { error: result.error };
          onDone();
          onNotice(`Saved ${name}.`);
          return {};
        }}
      />
      <button
        type="button"
        className={`${buttonClass({ variant: 'outline', size: 'lg' })} mt-3`}
        onClick={onDone}
      >
        Cancel
      </button>
    </div>
  );
}

/** Removing someone signs them out everywhere: asked first, the safe choice focused. */
function ConfirmRemove({
  member,
  open,
  onDone,
  onNotice,
}: {
  member: StaffMember;
  open: boolean;
  onDone: () => void;
  onNotice: (text: string) => void;
}) {
  const [remove, removing] = useRemoveStaffMutation();
  const [problem, setProblem] = useState('');
  const close = () => {
    setProblem('');
    onDone();
  };
  return (
    <ConfirmDialog
      open={open}
      id={`remove-${member.id}`}
      title={`Remove ${member.name}?`}
      confirmLabel="Yes, remove"
      cancelLabel="Keep"
      size="lg"
      busy={removing.isLoading}
      problem={problem}
      onCancel={close}
      onConfirm={async () => {
        const result = await remove(member.id);
        if ('error' in result) return setProblem(adminErrorMessage(result.error));
        close();
        onNotice(`${member.name} has been removed.`);
      }}
    >
      They are signed out everywhere at once and can no longer sign in.
    </ConfirmDialog>
  );
}
