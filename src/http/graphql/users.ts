// Users in GraphQL (docs/staff.md): who is signed in, and the account's people for owners — over the same use cases
// as /v1/users. Roles are checked in authorization.ts, not here.
import { builder } from './builder.js';
import { requireAccount } from './context.js';
import { signedInUser, type SignedInUser } from '../../users/sign-ins.js';
import type { UserView } from '../../users/users.js';
import { rootFieldsReachedBy } from './authorization.js';

const UserRoleEnum = builder.enumType('UserRole', {
  description: 'What a signed-in user may do (docs/staff.md).',
  values: {
    OWNER: { value: 'owner', description: 'Everything, including callbacks, deliveries and users.' },
    INSPECTOR: { value: 'inspector', description: 'Reads, adds notes and damages, does reviews.' },
    VIEWER: { value: 'viewer', description: 'Reads sessions, photos, notes, results and reports.' },
  } as const,
});

const User = builder.objectRef<UserView>('User').implement({
  description: 'A person of the account who signs in to the dashboard.',
  fields: (t) => ({
    username: t.exposeString('username', { description: 'What the user signs in with; unique across the service.' }),
    name: t.exposeString('name', { description: 'The name the pages show; the username when none was given.' }),
    role: t.field({ type: UserRoleEnum, description: 'What the user may do.', resolve: (user) => user.role }),
    createdAt: t.field({ type: 'DateTime', description: 'When the user was created.', resolve: (user) => user.created_at }),
  }),
});

const SignedInUserType = builder.objectRef<SignedInUser>('SignedInUser').implement({
  description: 'The user a sign-in cookie belongs to, with what the role lets the pages offer.',
  fields: (t) => ({
    username: t.exposeString('username', { description: 'What the user signs in with.' }),
    name: t.exposeString('name', { description: 'The name the pages show; the username when none was given.' }),
    role: t.field({ type: UserRoleEnum, description: 'What the user may do.', resolve: (user) => user.role }),
    account: t.exposeString('account', { description: "The account's username." }),
    permissions: t.stringList({
      description: 'The operations the role may use, as Type.field (e.g. Mutation.completeReview): what the pages offer.',
      resolve: (user, _args, _context, info) => rootFieldsReachedBy(info.schema, user.role),
    }),
  }),
});

const CreateUserInput = builder.inputType('CreateUserInput', {
  description: 'A new person of the account: the POST /v1/users body.',
  fields: (t) => ({
    username: t.string({ required: true, description: 'Unique across the service: 3-64 of a-z, 0-9, ".", "_", "-".' }),
    password: t.string({ required: true, description: 'At least 12 characters.' }),
    role: t.field({ type: UserRoleEnum, required: true, description: 'What the user may do.' }),
    name: t.string({ description: 'The name the pages show, at most 200 characters; defaults to the username.' }),
  }),
});

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'What changes about a person of the account: the PATCH /v1/users/{username} body; only what is given changes.',
  fields: (t) => ({
    role: t.field({ type: UserRoleEnum, description: "What the user may do; the account's last owner stays an owner." }),
    name: t.string({ description: 'The name the pages show, at most 200 characters.' }),
    password: t.string({ description: 'A new password, at least 12 characters; every other sign-in of the user ends.' }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    authScopes: { role: 'viewer' },
    type: SignedInUserType,
    nullable: true,
    description: 'The signed-in user (cookie); null for the API headers.',
    resolve: async (_root, _args, context) => {
      const principal = await context.principal();
      return principal.kind === 'user' ? signedInUser(principal.user, principal.account) : null;
    },
  }),
  users: t.field({
    authScopes: { role: 'owner' },
    type: [User],
    description: "The account's users, oldest first.",
    resolve: async (_root, _args, context) => context.services.users.list(await requireAccount(context)),
  }),
}));

builder.mutationFields((t) => ({
  createUser: t.field({
    authScopes: { role: 'owner' },
    type: User,
    description: 'Adds a person to the account; CONFLICT when the username is taken. Owners only among signed-in users.',
    args: { input: t.arg({ type: CreateUserInput, required: true, description: 'The new user.' }) },
    resolve: async (_root, { input }, context) => context.services.users.create(await requireAccount(context), { ...input, name: input.name ?? undefined }),
  }),
  updateUser: t.field({
    authScopes: { role: 'owner' },
    type: User,
    description:
      "Changes a person's role, name or password; a new password ends their other sign-ins. Demoting the account's last owner is CONFLICT. Owners only among signed-in users.",
    args: {
      username: t.arg.string({ required: true, description: 'The user to change.' }),
      input: t.arg({ type: UpdateUserInput, required: true, description: 'What changes; at least one field.' }),
    },
    resolve: async (_root, { username, input }, context) => {
      const principal = await context.principal();
      // An owner changing their own password stays signed in here; their other browsers are signed out.
      const keepSignIn = principal.kind === 'user' && principal.user.username === username ? principal.signInToken : undefined;
      const change = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
      return context.services.users.update(await requireAccount(context), username, change, keepSignIn);
    },
  }),
  deleteUser: t.field({
    authScopes: { role: 'owner' },
    type: 'String',
    description: "Removes the user and ends every sign-in of theirs; returns the confirmation message. Removing the account's last owner is CONFLICT.",
    args: { username: t.arg.string({ required: true, description: 'The user to remove.' }) },
    resolve: async (_root, { username }, context) => (await context.services.users.delete(await requireAccount(context), username)).message,
  }),
}));
