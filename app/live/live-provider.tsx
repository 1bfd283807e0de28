import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { UserMessage } from '../../core/contracts/live';
import type { LiveMessage, Sport } from '../../core/contracts/matches';
import { matchTopic } from '../../core/live/topics';
import { useCurrentUser } from '../lib/app-state';
import { useRootData } from '../lib/root-data';
import { whenIdle } from '../lib/when-idle';
import { createLiveClient, resolveBrokerUrl, type LiveClient, type LiveStatus, type LiveTransport } from './live-client';

/** The longest the live connection waits for an idle moment after hydration. */
const LIVE_IDLE_TIMEOUT_MS = 1000;

const LiveClientContext = createContext<LiveClient | null>(null);

/** Window events other code uses to ask for extra channels (section 7): `detail: { topic }`. */
export const MQTT_SUBSCRIBE_EVENT = 'mqttSubscribe';
export const MQTT_UNSUBSCRIBE_EVENT = 'mqttUnSubscribe';

function topicOfEvent(event: Event): string | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const topic = (detail as { topic?: unknown }).topic;
  return typeof topic === 'string' && topic !== '' ? topic : null;
}

// The subscribe-only MQTT client (mqtt-lite.ts, decision 093) and the zod message parser are
// loaded only here, from an effect: server rendering never evaluates them and the first
// bundle does not carry them. They are asked for once the page is idle after hydration (at the
// latest a second later), so the load's main-thread work is not charged with them
// (docs/decisions/084-first-load-javascript.md).
const loadTransport = async (): Promise<LiveTransport> => {
  await new Promise<void>((resolve) => whenIdle(resolve, LIVE_IDLE_TIMEOUT_MS));
  return (await import('./live-transport')).liveTransport;
};

/**
 * Holds the tab's one live connection. It connects after hydration and never during server
 * rendering; pages read messages, the connection status and the refetch signal through the hooks.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { config } = useRootData();
  const [client, setClient] = useState<LiveClient | null>(null);
  const brokerWsUrl = config.brokerWsUrl;
  // Signing in or out (here or in another tab) reconnects: with the session's live credentials
  // and users/<id>, or anonymously (decision 063).
  const userId = useCurrentUser()?.id ?? null;

  useEffect(() => {
    const live = createLiveClient({ url: resolveBrokerUrl(brokerWsUrl, window.location), loadTransport, signedIn: userId !== null });
    const onSubscribe = (event: Event) => {
      const topic = topicOfEvent(event);
      if (topic !== null) live.addTopic(topic);
    };
    const onUnsubscribe = (event: Event) => {
      const topic = topicOfEvent(event);
      if (topic !== null) live.removeTopic(topic);
    };
    window.addEventListener(MQTT_SUBSCRIBE_EVENT, onSubscribe);
    window.addEventListener(MQTT_UNSUBSCRIBE_EVENT, onUnsubscribe);
    live.start();
    setClient(live);
    return () => {
      window.removeEventListener(MQTT_SUBSCRIBE_EVENT, onSubscribe);
      window.removeEventListener(MQTT_UNSUBSCRIBE_EVENT, onUnsubscribe);
      live.stop();
      setClient(null);
    };
  }, [brokerWsUrl, userId]);

  return <LiveClientContext.Provider value={client}>{children}</LiveClientContext.Provider>;
}

/**
 * Calls `handler` with every valid live message of a sport. The latest handler is always used,
 * so callers need not memoise it.
 */
export function useLiveMessages(sport: Sport, handler: (message: LiveMessage) => void): void {
  const client = useContext(LiveClientContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (client === null) return;
    return client.onMessage(sport, (message) => latest.current(message));
  }, [client, sport]);
}

/**
 * Calls `handler` with every valid message of the signed-in user's own topic (users/<id>). Until
 * `enabled`, nothing listens and the client keeps what comes for the first listener.
 */
export function useUserMessages(handler: (message: UserMessage) => void, enabled = true): void {
  const client = useContext(LiveClientContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (client === null || !enabled) return;
    return client.onUserMessage((message) => latest.current(message));
  }, [client, enabled]);
}

/**
 * Calls `handler` with the live messages of one match's own topic (its statistics and momentum,
 * `matches/<sport>/<id>`) while the calling component is mounted: the topic is asked for with the
 * section 7 events, mqttSubscribe on mount and mqttUnSubscribe on unmount, which the provider turns
 * into (reference-counted) subscriptions.
 */
export function useLiveMatchMessages(sport: Sport, matchId: number, handler: (message: LiveMessage) => void): void {
  const client = useContext(LiveClientContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (client === null) return;
    const topic = matchTopic(sport, matchId);
    const off = client.onMatchMessage(topic, (message) => latest.current(message));
    window.dispatchEvent(new CustomEvent(MQTT_SUBSCRIBE_EVENT, { detail: { topic } }));
    return () => {
      window.dispatchEvent(new CustomEvent(MQTT_UNSUBSCRIBE_EVENT, { detail: { topic } }));
      off();
    };
  }, [client, sport, matchId]);
}

/** Raw payloads of an extra channel, subscribed while the calling component is mounted. */
export function useLiveTopic(topic: string | null, handler: (payload: string) => void): void {
  const client = useContext(LiveClientContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (client === null || topic === null) return;
    const off = client.onTopic(topic, (payload) => latest.current(payload));
    client.addTopic(topic);
    return () => {
      client.removeTopic(topic);
      off();
    };
  }, [client, topic]);
}

const noSubscription = () => () => {};

/** 'connecting' until the first connect (and on the server), then 'online' or 'offline'. */
export function useLiveStatus(): LiveStatus {
  const client = useContext(LiveClientContext);
  return useSyncExternalStore(
    client?.subscribeStatus ?? noSubscription,
    () => client?.getStatus() ?? 'connecting',
    () => 'connecting',
  );
}

/**
 * A number that grows by one after every reconnect of the live channel (0 before any):
 * messages may have been missed while the connection was down, so open lists refetch when it
 * changes. See useStaleRefetch for the usual way to act on it.
 */
export function useRefetchSignal(): number {
  const client = useContext(LiveClientContext);
  return useSyncExternalStore(
    client?.subscribeRefetch ?? noSubscription,
    () => client?.getRefetchCount() ?? 0,
    () => 0,
  );
}
