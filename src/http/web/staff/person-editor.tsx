// Changing one person of the account (owners): their name, their role and, when given, a new password, which signs
// them out everywhere else. The server keeps the last owner an owner and says so in its own words.
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff } from './context.js';
import { announce } from './focus.js';
import { graphql } from './graphql/gql.js';
import type { UpdateUserInput, UsersQuery, UserRole } from './graphql/graphql.js';

const UPDATE_USER = graphql(`
  mutation UpdateUser($username: String!, $input: UpdateUserInput!) { updateUser(username: $username, input: $input) { username name role } }
`);

type Person = UsersQuery['users'][number];

export function PersonEditor({ person, onDone }: { person: Person; onDone: (saved: boolean) => void }) {
  const { me, settings } = useStaff();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [person.username]);

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const input: UpdateUserInput = {};
    if (value('name').trim() !== person.name) input.name = value('name').trim();
    if (value('role') !== person.role) input.role = value('role') as UserRole;
    if (value('password')) input.password = value('password');
    if (Object.keys(input).length === 0) return onDone(false);
    setError(null);
    setSaving(true);
    try {
      await request(UPDATE_USER, { username: person.username, input });
      announce(input.password ? `${person.username} was changed and signed out on their other devices.` : `${person.username} was changed.`);
      onDone(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const own = person.username === me.username;
  return (
    <form id="edit-user-form" class="form-grid edit-user" aria-labelledby="edit-user-title" onSubmit={save}>
      <h3 id="edit-user-title" class="wide-field" ref={heading} tabIndex={-1}>
        Change {person.username}
      </h3>
      <div class="field">
        <label for="edit-user-name">Name</label>
        <input id="edit-user-name" name="name" type="text" autocomplete="off" required maxLength={200} value={person.name} />
      </div>
      <div class="field">
        <label for="edit-user-role">Role</label>
        <select id="edit-user-role" name="role">
          {settings.roles.map((role) => (
            <option value={role.code} selected={role.code === person.role}>
              {role.label}
            </option>
          ))}
        </select>
      </div>
      <div class="field wide-field">
        <label for="edit-user-password">
          New password <span class="optional">(optional, at least {settings.limits.passwordMin} characters)</span>
        </label>
        <input
          id="edit-user-password"
          name="password"
          type="password"
          autocomplete="new-password"
          minLength={settings.limits.passwordMin}
          aria-describedby="edit-user-password-hint"
        />
        <p id="edit-user-password-hint" class="muted">
          {own ? 'You stay signed in here; your other devices are signed out.' : `${person.username} is signed out everywhere and signs in with the new one.`}
        </p>
      </div>
      <div class="wide-field form-actions">
        <button class="button primary" type="submit" disabled={saving}>
          Save changes
        </button>
        <button class="button" type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
        {error ? (
          <p id="edit-user-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
