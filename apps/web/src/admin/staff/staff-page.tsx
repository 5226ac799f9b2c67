import { useState } from 'react';
import type { StaffMember } from '@servery/contract/staff';
import { ROLE_LABELS } from '@servery/contract/staff-roles';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
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
      {list.error && (
        <p role="alert" className="mt-4 text-red-700">
          {adminErrorMessage(list.error)}
        </p>
      )}
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
  const { data: session } = useSessionQuery();
  const [update] = useUpdateStaffMutation();
  const [remove, removing] = useRemoveStaffMutation();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view');
  const [problem, setProblem] = useState('');
  const removed = member.status === 'removed';
  const lastSeen = member.last_sign_in_at
    ? new Date(member.last_sign_in_at).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : 'never';

  return (
    <li className={`${CARD_CLASS} ${removed ? 'opacity-70' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
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
                  : member.store_ids.map((id) => storeNames[id] ?? 'a store').join(', ') ||
                    'no store'}
              </>
            )}
            {' · last signed in '}
            {lastSeen}
          </p>
        </div>
        {!removed && mode === 'view' && (
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
              setMode('view');
              onNotice(`Saved ${name}.`);
              return {};
            }}
          />
          <button
            type="button"
            className={`${buttonClass({ variant: 'outline', size: 'lg' })} mt-3`}
            onClick={() => setMode('view')}
          >
            Cancel
          </button>
        </div>
      )}
      {mode === 'confirm-remove' && (
        <div
          role="group"
          aria-label={`Remove ${member.name}`}
          className="mt-4 rounded-xl bg-red-50 p-4"
        >
          <p className="font-medium">
            Remove {member.name}? They are signed out everywhere at once and can no longer sign in.
          </p>
          {problem && (
            <p role="alert" className="mt-2 text-red-700">
              {problem}
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              className={buttonClass({ variant: 'danger', size: 'lg' })}
              disabled={removing.isLoading}
              onClick={async () => {
                const result = await remove(member.id);
                if ('error' in result) setProblem(adminErrorMessage(result.error));
                else {
                  setMode('view');
                  onNotice(`${member.name} has been removed.`);
                }
              }}
            >
              Yes, remove
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('view')}
            >
              Keep
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
