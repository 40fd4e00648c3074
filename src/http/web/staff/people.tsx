// People: who can sign in to the dashboard, and adding, changing or removing them (owners). Roles and the password
// rule are the server's (dashboardSettings).
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff, useWords } from './context.js';
import { announce } from './focus.js';
import { formatTime } from './format.js';
import { graphql } from './graphql/gql.js';
import type { UsersQuery, UserRole } from './graphql/graphql.js';
import { PersonEditor } from './person-editor.js';

const USERS = graphql(`
  query Users { users { username name role createdAt } }
`);
const CREATE_USER = graphql(`
  mutation CreateUser($input: CreateUserInput!) { createUser(input: $input) { username } }
`);
const DELETE_USER = graphql(`
  mutation DeleteUser($username: String!) { deleteUser(username: $username) }
`);

export function People() {
  const { me, settings } = useStaff();
  const words = useWords();
  const [users, setUsers] = useState<UsersQuery['users'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const table = useRef<HTMLTableSectionElement>(null);

  const load = async () => {
    try {
      setUsers((await request(USERS)).users);
    } catch (failure) {
      setError(`People could not be loaded: ${errorText(failure)}`);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const add = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const input = {
      username: value('username').trim(),
      password: value('password'),
      role: value('role') as UserRole,
      ...(value('name').trim() ? { name: value('name').trim() } : {}),
    };
    setFormError(null);
    try {
      await request(CREATE_USER, { input });
      form.reset();
      announce(`${input.username} can now sign in.`);
      await load();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  };

  const remove = async (username: string, index: number) => {
    if (!window.confirm(`Remove ${username}? They are signed out at once.`)) return;
    try {
      await request(DELETE_USER, { username });
      announce(`${username} was removed.`);
      await load();
      // Focus goes on to the next person's row (the removed one's button is gone).
      table.current?.querySelectorAll<HTMLElement>('tr')[Math.max(0, index - 1)]?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const doneEditing = async (username: string, saved: boolean) => {
    setEditing(null);
    if (saved) await load();
    // Focus returns to the button that opened the form.
    table.current?.querySelector<HTMLElement>(`button[data-edit="${CSS.escape(username)}"]`)?.focus();
  };
  const edited = users?.find((user) => user.username === editing) ?? null;

  return (
    <section id="users" class="card" aria-labelledby="users-title">
      <h2 id="users-title">People</h2>
      <p class="muted">Who can sign in to this dashboard. {settings.roles.map((role) => `${role.label}s: ${role.description?.toLowerCase()}`).join(' ')}</p>
      {users ? (
        <div class="table-wrap">
          <table class="data-table">
            <caption class="visually-hidden">The account’s people</caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody id="users-body" ref={table}>
              {users.map((user, index) => (
                <tr key={user.username}>
                  <td class="mono">{user.username}</td>
                  <td>{user.name || '—'}</td>
                  <td>{words.role(user.role)}</td>
                  <td>{formatTime(user.createdAt)}</td>
                  <td>
                    <div class="row-actions">
                      <button
                        class="button small"
                        type="button"
                        data-edit={user.username}
                        aria-label={`Change ${user.username}`}
                        aria-expanded={editing === user.username}
                        aria-controls={editing === user.username ? 'edit-user-form' : undefined}
                        onClick={() => setEditing(editing === user.username ? null : user.username)}
                      >
                        Change
                      </button>
                      <button
                        class="button small danger"
                        type="button"
                        disabled={user.username === me.username}
                        title={user.username === me.username ? 'You cannot remove yourself.' : undefined}
                        aria-label={`Remove ${user.username}`}
                        onClick={() => void remove(user.username, index)}
                      >
                        Remove
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">Loading…</p>
      )}
      {error ? (
        <p id="users-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
      {edited ? <PersonEditor key={edited.username} person={edited} onDone={(saved) => void doneEditing(edited.username, saved)} /> : null}
      <form id="create-user-form" class="form-grid" aria-labelledby="create-user-title" onSubmit={add}>
        <h3 id="create-user-title" class="wide-field">
          Add a person
        </h3>
        <div class="field">
          <label for="new-user-username">Username</label>
          <input
            id="new-user-username"
            name="username"
            type="text"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            required
            pattern={settings.limits.usernamePattern}
          />
        </div>
        <div class="field">
          <label for="new-user-name">
            Name <span class="optional">(optional)</span>
          </label>
          <input id="new-user-name" name="name" type="text" autocomplete="off" />
        </div>
        <div class="field">
          <label for="new-user-password">
            Password <span class="optional">(at least {settings.limits.passwordMin} characters)</span>
          </label>
          <input id="new-user-password" name="password" type="password" autocomplete="new-password" minLength={settings.limits.passwordMin} required />
        </div>
        <div class="field">
          <label for="new-user-role">Role</label>
          <select id="new-user-role" name="role">
            {settings.roles.map((role) => (
              <option value={role.code} selected={role.code === 'INSPECTOR'}>
                {role.label}
              </option>
            ))}
          </select>
        </div>
        <div class="wide-field">
          <button class="button primary" type="submit">
            Add person
          </button>
          {formError ? (
            <p id="create-user-error" class="error" role="alert">
              {formError}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
