import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { ALL_USER_TOPICS_FILTER, DYNSEC_CONTROL_TOPIC, DYNSEC_RESPONSE_TOPIC, MATCH_TOPIC_PATTERNS, TOPICS, userTopic } from '../../core/live/topics';

/**
 * Mosquitto's dynamic-security plugin, driven by the server (decision 063). The server's broker
 * account is a dynsec administrator; it keeps the broker's rules in the state the site needs:
 * - anonymous clients (the anonymous group) read `football` and `basketball` only;
 * - every signed-in session gets a dynsec client `tribun-live-<sessionId>` whose roles allow
 *   reading the public topics and `users/<its user id>`, nothing else — no wildcard filters;
 * - everything else is denied by default, publishing by clients included;
 * - a revoked session's client is deleted, which makes Mosquitto disconnect its connections.
 * Commands are idempotent ("already exists" is success), so every process may send them.
 */

export interface DynsecCommand {
  command: string;
  [key: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

export const PUBLIC_ROLE = 'tribun-public';
export const ANONYMOUS_GROUP = 'tribun-anonymous';
export const PUBLISHER_ROLE = 'tribun-publisher';

export function userRole(userId: number): string {
  return `tribun-user-${userId}`;
}

function readAcls(topics: readonly string[]) {
  return topics.flatMap((topic) => [
    { acltype: 'subscribeLiteral', topic, allow: true },
    { acltype: 'publishClientReceive', topic, allow: true },
  ]);
}

/**
 * Every match's own topic, by pattern (dynsec cannot list topics made later). Mosquitto then also
 * lets a client subscribe to the wildcard filter itself; that only ever carries public match
 * statistics, and the embedded broker refuses it (canSubscribe).
 */
function matchReadAcls() {
  return MATCH_TOPIC_PATTERNS.flatMap((topic) => [
    { acltype: 'subscribePattern', topic, allow: true },
    { acltype: 'publishClientReceive', topic, allow: true },
  ]);
}

const DEFAULT_ACCESS = [
  { acltype: 'publishClientSend', allow: false },
  // Deny by default even for delivery: a filter that slipped through still carries nothing.
  { acltype: 'publishClientReceive', allow: false },
  { acltype: 'subscribe', allow: false },
  { acltype: 'unsubscribe', allow: true },
] as const;

/**
 * Brings a broker (prepared with `mosquitto_ctrl dynsec init`) to the rules above; run on every
 * connect of every server process. Creating is harmless when the object exists; but changing
 * the anonymous group or a client's roles makes Mosquitto disconnect the clients concerned
 * (every anonymous fan), so those changes are made only when the broker lacks them.
 */
export async function setUpBroker(control: DynsecControl, serverUsername: string): Promise<'done' | 'reconnecting'> {
  const publicTopics = Object.values(TOPICS);
  const publicAcls = [...readAcls(publicTopics), ...matchReadAcls()];
  const publisherAcls = [...publicTopics, ...MATCH_TOPIC_PATTERNS, ALL_USER_TOPICS_FILTER].map((topic) => ({ acltype: 'publishClientSend', topic, allow: true }));
  await runDynsec(control, [
    { command: 'createRole', rolename: PUBLIC_ROLE, acls: publicAcls },
    { command: 'createGroup', groupname: ANONYMOUS_GROUP },
    { command: 'createRole', rolename: PUBLISHER_ROLE, acls: publisherAcls },
    // A broker set up before the match topics existed has the roles without their ACLs: adding
    // one it already has is harmless ("already exists"), and changing a role's ACLs disconnects nobody.
    ...[...publicAcls.map((acl) => ({ rolename: PUBLIC_ROLE, acl })), ...publisherAcls.map((acl) => ({ rolename: PUBLISHER_ROLE, acl }))].map(
      ({ rolename, acl }) => ({ command: 'addRoleACL', rolename, ...acl, priority: 0 }),
    ),
  ]);
  const [anonymous, group, self, access] = await control.send([
    { command: 'getAnonymousGroup' },
    { command: 'getGroup', groupname: ANONYMOUS_GROUP },
    { command: 'getClient', username: serverUsername },
    { command: 'getDefaultACLAccess' },
  ]);
  const changes: DynsecCommand[] = [];
  const roleNames = (list: unknown): string[] =>
    Array.isArray(list) ? list.map((entry) => String((entry as { rolename?: unknown }).rolename)) : [];
  const groupData = group?.data as { group?: { roles?: unknown } } | undefined;
  if (!roleNames(groupData?.group?.roles).includes(PUBLIC_ROLE)) {
    changes.push({ command: 'addGroupRole', groupname: ANONYMOUS_GROUP, rolename: PUBLIC_ROLE });
  }
  const anonymousData = anonymous?.data as { group?: { groupname?: unknown } } | undefined;
  if (anonymousData?.group?.groupname !== ANONYMOUS_GROUP) changes.push({ command: 'setAnonymousGroup', groupname: ANONYMOUS_GROUP });
  const selfData = self?.data as { client?: { roles?: unknown } } | undefined;
  const isPublisher = roleNames(selfData?.client?.roles).includes(PUBLISHER_ROLE);
  const accessData = access?.data as { acls?: Array<{ acltype?: unknown; allow?: unknown }> } | undefined;
  const current = new Map((accessData?.acls ?? []).map((acl) => [acl.acltype, acl.allow]));
  if (DEFAULT_ACCESS.some((acl) => current.get(acl.acltype) !== acl.allow)) {
    changes.push({ command: 'setDefaultACLAccess', acls: DEFAULT_ACCESS });
  }
  if (changes.length > 0) await runDynsec(control, changes);
  if (isPublisher) return 'done';
  // Mosquitto disconnects a client whose roles change, before answering: this connection ends
  // and the next one finds the role in place. Only ever happens once, on a fresh broker.
  await control.sendWithoutAnswer([{ command: 'addClientRole', username: serverUsername, rolename: PUBLISHER_ROLE }]);
  return 'reconnecting';
}

export function grantCommands(options: { userId: number; username: string; password: string }): DynsecCommand[] {
  const role = userRole(options.userId);
  return [
    { command: 'createRole', rolename: role, acls: readAcls([userTopic(options.userId)]) },
    {
      command: 'createClient',
      username: options.username,
      password: options.password,
      roles: [{ rolename: role }, { rolename: PUBLIC_ROLE }],
    },
  ];
}

/** Errors that mean "the broker is already in the wanted state". */
export function isHarmlessDynsecError(command: DynsecCommand, error: string): boolean {
  if (/already|exists/i.test(error)) return true;
  return command.command === 'deleteClient' && /not found/i.test(error);
}

/**
 * Sends dynsec commands over the server's MQTT connection and resolves with their responses,
 * matched by correlation data. `subscribe` must be called on every (re)connect.
 */
export function createDynsecControl(client: MqttClient, options: { timeoutMs?: number } = {}) {
  // Generous: a busy process may read the answer late, and giving up means a failed sign-in.
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Every administrator connected to the broker receives every answer: ids must not collide
  // between server processes (pids repeat across containers).
  const prefix = `tribun-${randomBytes(6).toString('hex')}`;
  const pending = new Map<string, (response: DynsecResponse) => void>();
  let sequence = 0;

  client.on('message', (topic, payload) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8')) as unknown;
    } catch {
      return;
    }
    const responses = (body as { responses?: unknown }).responses;
    if (!Array.isArray(responses)) return;
    for (const response of responses as DynsecResponse[]) {
      const id = response.correlationData;
      const resolve = id === undefined ? undefined : pending.get(id);
      if (resolve && id !== undefined) {
        pending.delete(id);
        resolve(response);
      }
    }
  });

  return {
    async sendWithoutAnswer(commands: readonly DynsecCommand[]): Promise<void> {
      await client.publishAsync(DYNSEC_CONTROL_TOPIC, JSON.stringify({ commands }), { qos: 1 });
    },

    subscribe(): Promise<unknown> {
      return client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 });
    },

    async send(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
      const ids = commands.map(() => `${prefix}-${(sequence += 1)}`);
      const timers: NodeJS.Timeout[] = [];
      const answers = ids.map(
        (id) =>
          new Promise<DynsecResponse | null>((resolve) => {
            // null: no answer in time (the caller reports it once, below)
            timers.push(
              setTimeout(() => {
                pending.delete(id);
                resolve(null);
              }, timeoutMs),
            );
            pending.set(id, resolve);
          }),
      );
      const stop = (): void => {
        for (const timer of timers) clearTimeout(timer);
        for (const id of ids) pending.delete(id);
      };
      const body = JSON.stringify({ commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })) });
      try {
        await client.publishAsync(DYNSEC_CONTROL_TOPIC, body, { qos: 1 });
      } catch (error) {
        stop();
        throw error;
      }
      const responses = await Promise.all(answers);
      stop();
      const missing = responses.findIndex((response) => response === null);
      if (missing !== -1) throw new Error(`dynsec ${commands[missing]?.command ?? 'command'}: no answer within ${timeoutMs} ms`);
      return responses as DynsecResponse[];
    },
  };
}

export type DynsecControl = ReturnType<typeof createDynsecControl>;

/** Sends commands and throws on the first error that is not harmless. */
export async function runDynsec(control: DynsecControl, commands: readonly DynsecCommand[]): Promise<void> {
  const responses = await control.send(commands);
  responses.forEach((response, index) => {
    const command = commands[index];
    if (response.error && command && !isHarmlessDynsecError(command, response.error)) {
      throw new Error(`dynsec ${command.command} failed: ${response.error}`);
    }
  });
}
