// Subscribers that ask the same live question with the same rights get the same answers, so the answer is worked
// out once per event for all of them: every dashboard of an account following the account's events shares one
// execution instead of one each. Each subscriber keeps its own bounded queue, so a slow socket falls behind (and
// is ended past the limit) alone. Only live-only operations share: a replay from a cursor depends on when it
// started, so it runs on its own.
import { createHash } from 'node:crypto';
import { Kind, type DocumentNode, type ExecutionResult, type OperationDefinitionNode, type ValueNode } from 'graphql';
import { BoundedQueue } from '../../events/bounded-queue.js';
import { MAX_UNREAD_EVENTS, SubscriberOverflowError } from '../../events/event-bus.js';
import type { Principal } from './context.js';

type Answer = AsyncIterable<ExecutionResult> | ExecutionResult;
type Source = AsyncIterable<ExecutionResult> & { return?(): Promise<unknown> };

/** Root subscription fields whose answers depend on nothing but their arguments and the caller's rights. */
const LIVE_ONLY_FIELDS: Record<string, { cursorArgument: string }> = { sessionEvents: { cursorArgument: 'after' } };

interface Group {
  members: Set<BoundedQueue<ExecutionResult>>;
  /** The first subscriber's answer: a stream every member reads, or one result (an error) each member gets. */
  answer: Promise<Source | ExecutionResult>;
  source: Source | null;
}

export class SharedSubscriptions {
  private readonly groups = new Map<string, Group>();
  private sharing = 0;

  /** `onSharingChange` hears sharingSubscribers after every join and leave (a gauge). */
  constructor(private readonly onSharingChange: (sharing: number) => void = () => undefined) {}

  /** Subscribers served by another's execution right now: the executions sharing saves on every event. */
  get sharingSubscribers(): number {
    return this.sharing;
  }

  /**
   * The answer for one subscriber. `key` (from sharingKey) names the question; null runs `start` for this subscriber
   * alone. Otherwise the first subscriber's stream serves everyone who asks the same while it runs — but every
   * subscriber's own `start` still runs first, so each passes its own checks (a sign-in that has ended, a capture
   * token whose session has closed) as if it ran alone; its stream, not started yet, then gives way to the shared one.
   */
  async subscribe(key: string | null, start: () => Promise<Answer>): Promise<Answer> {
    if (key === null) return start();
    const running = this.groups.get(key);
    if (!running) return this.member(key, this.startGroup(key, start()));
    const own = await start();
    if (!isStream(own)) return own;
    const shared = await running.answer.catch(() => null);
    if (shared !== null && isStream(shared) && this.groups.get(key) === running) {
      void stop(own);
      return this.member(key, running);
    }
    // The execution it would have joined ended or failed meanwhile: its own stream starts a new one.
    return this.member(key, this.startGroup(key, Promise.resolve(own)));
  }

  /** Adds a subscriber to a group: its own queue of the group's stream, or the group's one-off answer. */
  private async member(key: string, group: Group): Promise<Answer> {
    const member = new BoundedQueue<ExecutionResult>(
      MAX_UNREAD_EVENTS,
      () => new SubscriberOverflowError(),
      () => this.leave(key, group, member),
    );
    this.join(group, member);
    let answer: Source | ExecutionResult;
    try {
      answer = await group.answer;
    } catch (error) {
      this.remove(group, member);
      throw error;
    }
    if (!isStream(answer)) {
      this.remove(group, member);
      return answer;
    }
    return member;
  }

  private startGroup(key: string, started: Promise<Answer>): Group {
    const group: Group = {
      members: new Set(),
      source: null,
      answer: started.then(
        (answer) => {
          if (!isStream(answer)) {
            this.forget(key, group);
            return answer;
          }
          group.source = answer;
          void this.pump(key, group, answer);
          return answer;
        },
        (error: unknown) => {
          this.forget(key, group);
          throw error;
        },
      ),
    };
    this.groups.set(key, group);
    return group;
  }

  /** Hands every result to every member, then the end or the error; members who joined later get what follows. */
  private async pump(key: string, group: Group, source: Source): Promise<void> {
    try {
      for await (const result of source) {
        for (const member of group.members) member.push(result);
        if (group.members.size === 0) break;
      }
      this.forget(key, group);
      for (const member of [...group.members]) member.end();
    } catch (error) {
      this.forget(key, group);
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const member of [...group.members]) member.fail(failure);
    } finally {
      if (group.members.size === 0) await stop(source);
    }
  }

  /** Every member after a group's first is served by its execution. */
  private join(group: Group, member: BoundedQueue<ExecutionResult>): void {
    if (group.members.size > 0) this.sharing += 1;
    group.members.add(member);
    this.onSharingChange(this.sharing);
  }

  private remove(group: Group, member: BoundedQueue<ExecutionResult>): void {
    if (!group.members.delete(member)) return;
    if (group.members.size > 0) this.sharing -= 1;
    this.onSharingChange(this.sharing);
  }

  private leave(key: string, group: Group, member: BoundedQueue<ExecutionResult>): void {
    this.remove(group, member);
    if (group.members.size > 0) return;
    this.forget(key, group);
    // The pump is waiting for the next event; ending the source lets it finish now rather than at that event.
    if (group.source) void stop(group.source);
  }

  private forget(key: string, group: Group): void {
    if (this.groups.get(key) === group) this.groups.delete(key);
  }
}

/**
 * The question a subscription asks, as a key: who asks (the rights the answers depend on) and the exact operation
 * with its variables. Null when the operation must not share: anything but a live-only subscription field, a cursor
 * given, fragments at the root.
 */
export function sharingKey(
  principal: Principal | undefined,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  query: string,
  variables: Record<string, unknown> | null | undefined,
): string | null {
  if (!principal || !operation || operation.operation !== 'subscription') return null;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    const field = LIVE_ONLY_FIELDS[selection.name.value];
    if (!field) return null;
    const cursor = selection.arguments?.find((argument) => argument.name.value === field.cursorArgument);
    if (cursor && !isNull(cursor.value, variables)) return null;
  }
  if (document.definitions.length !== 1) return null;
  // Hashed: a key per running question is kept as long as it runs, and the operation text can be long.
  const question = JSON.stringify([scopeOf(principal), operation.name?.value ?? null, query, variables ?? {}]);
  return createHash('sha256').update(question).digest('base64url');
}

/** The rights a subscription's answers depend on: the account's key, one user's role, or one capture session. */
function scopeOf(principal: Principal): string {
  if (principal.kind === 'capture') return `capture:${principal.apiKey}:${principal.sessionKey}`;
  if (principal.kind === 'user') return `user:${principal.account.apiKey}:${principal.user.username}:${principal.user.role}`;
  return `account:${principal.account.apiKey}`;
}

function isNull(value: ValueNode, variables: Record<string, unknown> | null | undefined): boolean {
  if (value.kind === Kind.NULL) return true;
  if (value.kind === Kind.VARIABLE) return (variables?.[value.name.value] ?? null) === null;
  return false;
}

/** Ends a source; a failure to end one nobody reads any more is of no consequence to anyone. */
async function stop(source: Source): Promise<void> {
  try {
    await source.return?.();
  } catch {
    // Nothing to tell: every subscriber has gone.
  }
}

function isStream(answer: Answer): answer is Source {
  return typeof (answer as Partial<Source>)[Symbol.asyncIterator] === 'function';
}
