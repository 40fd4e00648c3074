// Settings: the account (who is signed in, their own password, the account's settings and logo, which owners change), the people who sign
// in (owners manage them), and for developers the callbacks and their deliveries. Each section has its own address (/dashboard/settings/<section>).
import { useWords } from './context.js';
import { usePageHeading } from './focus.js';
import { paths } from './router.js';
import { useStaff } from './context.js';
import { People } from './people.js';
import { Callbacks } from './callbacks.js';
import { AccountSettingsSection } from './account-settings.js';
import { PasswordChange } from './password-change.js';

type Section = 'account' | 'people' | 'developers';

export function SettingsPage({ section }: { section: Section }) {
  const heading = usePageHeading<HTMLHeadingElement>(section);
  const words = useWords();
  const sections: { id: Section; label: string; shown: boolean }[] = [
    { id: 'account', label: 'Account', shown: true },
    { id: 'people', label: 'People', shown: words.can('Query.users') },
    { id: 'developers', label: 'Developers', shown: words.can('Query.callbacks') },
  ];
  const allowed = sections.find((candidate) => candidate.id === section)?.shown;
  return (
    <>
      <h1 ref={heading} tabIndex={-1} class="page-title">
        Settings
      </h1>
      <nav class="sub-nav" aria-label="Settings">
        {sections
          .filter((candidate) => candidate.shown)
          .map((candidate) => (
            <a href={paths.settings(candidate.id)} aria-current={candidate.id === section ? 'page' : undefined}>
              {candidate.label}
            </a>
          ))}
      </nav>
      {!allowed ? (
        <section class="card">
          <p>Only the account’s owners see this section.</p>
        </section>
      ) : section === 'account' ? (
        <>
          <Account />
          <PasswordChange />
          <AccountSettingsSection />
        </>
      ) : section === 'people' ? (
        <People />
      ) : (
        <Callbacks />
      )}
    </>
  );
}

function Account() {
  const { me, settings } = useStaff();
  const words = useWords();
  const role = settings.roles.find((candidate) => candidate.code === me.role);
  return (
    <section id="account" class="card" aria-labelledby="account-title">
      <h2 id="account-title">Your sign-in</h2>
      <dl class="facts">
        <dt>Account</dt>
        <dd class="mono">{me.account}</dd>
        <dt>Signed in as</dt>
        <dd>
          {me.name || me.username} <span class="muted mono">({me.username})</span>
        </dd>
        <dt>Role</dt>
        <dd>
          {words.role(me.role)}
          {role?.description ? <span class="muted"> — {role.description}</span> : null}
        </dd>
      </dl>
    </section>
  );
}
