import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refusalMessage } from '../../../../shared/door-verdict';
import {
  type CheckInResult,
  type DoorOfflineData,
  type DoorSyncOutcome,
  MAX_SYNC_SCANS,
  type OfflineTicket,
} from '../../../../shared/schemas/tickets';
import { ApiError } from '../../../lib/api';
import { checkInTicket } from '../api/check-in-ticket';
import { getOfflineData } from '../api/get-offline-data';
import { doorKeys } from '../api/keys';
import { syncDoorScans } from '../api/sync-door-scans';
import { type DoorSelection, newId, readDeviceId } from './door-device';
import { decideOnDevice, type DoorTurn, hashTicketCode } from './offline-decision';
import { splitQrPayload } from '../../../../shared/rotating-qr';
import { type DoorConflict, offlineStore, type QueuedScan } from './offline-store';

/** A scan gets its answer from the server within this, or the device decides (docs/rules/door.md 'The offline door'). */
const ONLINE_ANSWER_MS = 3000;
/** The offline list is downloaded again this often while online. */
const LIST_REFRESH_MS = 3 * 60_000;
/** A queue left unsent (the server unreachable while the device says online) is retried this often. */
const RETRY_MS = 15_000;

export type VerdictSource = 'online' | 'offline' | 'manual';

export type ScanOutcome = { result: CheckInResult; source: VerdictSource } | { error: string };

/** Whether an error means the server could not be reached (no network, a time-out, a 5xx). */
function isUnreachable(error: unknown): boolean {
  if ((error as Error)?.name === 'AbortError') return true;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The conflicts of one synced batch: each entry let in offline that the server answered
 * 'conflict', named from the device's list (`byHash`) and with the server's reason in pt-BR.
 */
function conflictsOf(
  batch: QueuedScan[],
  results: DoorSyncOutcome[],
  byHash: ReadonlyMap<string, OfflineTicket>,
): (DoorConflict & { eventId: string })[] {
  const sent = new Map(batch.map((scan) => [scan.nonce, scan]));
  return results.flatMap((outcome) => {
    const scan = sent.get(outcome.nonce);
    if (outcome.outcome !== 'conflict' || !scan) return [];
    const ticket = byHash.get(hashTicketCode(splitQrPayload(scan.code).code));
    const reason = outcome.reason ?? 'offline_conflict';
    return [
      {
        eventId: scan.eventId,
        nonce: scan.nonce,
        holderName: ticket?.holderName ?? null,
        sectorName: ticket?.sectorName ?? null,
        scannedAt: scan.scannedAt,
        reason,
        message: refusalMessage(reason),
      },
    ];
  });
}

/**
 * The door's connection to the server and its offline half (docs/rules/door.md 'The offline door',
 * as pretixSCAN works): keeps the event's list on the device (downloaded at once and every 3
 * minutes while online), decides a scan on the device when the server gives no answer within 3 s
 * or the network is gone, queues those decisions with a nonce and sends them when the network
 * returns (the 'online' event, and a retry every 15 s). Tells whether the door is online, the
 * queue's length and when it last synced, and the entries let in offline that the server refused
 * on sync ('conflicts', kept on the device until dismissed). `turn`: the session the operator picked (null: the one
 * open now) and the direction ('Entrada' / 'Saída'), sent with each scan and weighed offline too.
 */
export function useOfflineDoor(selection: DoorSelection, turn: DoorTurn = { sessionId: null, direction: 'in' }) {
  const { eventId } = selection;
  const queryClient = useQueryClient();
  const deviceId = useMemo(readDeviceId, []);
  const [isNetworkUp, setNetworkUp] = useState(() => navigator.onLine);
  const [isServerReachable, setServerReachable] = useState(true);
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [lastSync, setLastSync] = useState<string | null>(null);
  const [list, setList] = useState<DoorOfflineData | null>(null);
  const [isSyncing, setSyncing] = useState(false);
  const [conflicts, setConflicts] = useState<DoorConflict[]>([]);
  const conflictsRef = useRef<DoorConflict[]>([]);
  const byHashRef = useRef<ReadonlyMap<string, OfflineTicket>>(new Map());
  const queueRef = useRef<QueuedScan[]>([]);
  const entriesRef = useRef<Record<string, string>>({});
  const syncingRef = useRef(false);
  const isLoadedRef = useRef(false);

  const byHash = useMemo(() => new Map<string, OfflineTicket>((list?.tickets ?? []).map((t) => [t.hash, t])), [list]);
  byHashRef.current = byHash;
  const isOnline = isNetworkUp && isServerReachable;

  /** Adds the conflicts a sync brought back: this event's to the screen, each event's to its store. */
  const addConflicts = useCallback(
    async (found: (DoorConflict & { eventId: string })[]) => {
      for (const id of new Set(found.map((c) => c.eventId))) {
        const mine = found.filter((c) => c.eventId === id).map(({ eventId: _eventId, ...conflict }) => conflict);
        const kept = id === eventId ? conflictsRef.current : await offlineStore.readConflicts(id);
        const known = new Set(kept.map((c) => c.nonce));
        const next = [...kept, ...mine.filter((c) => !known.has(c.nonce))];
        await offlineStore.saveConflicts(id, next);
        if (id === eventId) {
          conflictsRef.current = next;
          setConflicts(next);
        }
      }
    },
    [eventId],
  );

  /** The door staff saw the conflicts: they leave the screen and the device. */
  const dismissConflicts = useCallback(() => {
    conflictsRef.current = [];
    setConflicts([]);
    void offlineStore.saveConflicts(eventId, []);
  }, [eventId]);

  const replaceQueue = useCallback((next: QueuedScan[]) => {
    queueRef.current = next;
    setQueue(next);
    void offlineStore.saveQueue(next);
  }, []);

  const refreshList = useCallback(async () => {
    try {
      const data = await getOfflineData(eventId);
      setList(data);
      setServerReachable(true);
      await offlineStore.saveList(data);
    } catch (error) {
      if (isUnreachable(error)) setServerReachable(false);
    }
  }, [eventId]);

  const sync = useCallback(async () => {
    if (syncingRef.current || !isLoadedRef.current || queueRef.current.length === 0) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      while (queueRef.current.length > 0) {
        const batch = queueRef.current.slice(0, MAX_SYNC_SCANS);
        const answer = await syncDoorScans({ deviceId, scans: batch });
        const recorded = new Set(answer.results.map((r) => r.nonce));
        const found = conflictsOf(batch, answer.results, byHashRef.current);
        if (found.length > 0) await addConflicts(found);
        replaceQueue(queueRef.current.filter((scan) => !recorded.has(scan.nonce)));
        const at = new Date().toISOString();
        setLastSync(at);
        void offlineStore.saveLastSync(at);
        setServerReachable(true);
        for (const [id, counts] of Object.entries(answer.counts)) queryClient.setQueryData(doorKeys.counts(id), counts);
        if (recorded.size === 0) break;
      }
      void refreshList();
    } catch (error) {
      if (isUnreachable(error)) setServerReachable(false);
    } finally {
      syncingRef.current = false;
      setSyncing(false);
    }
  }, [addConflicts, deviceId, queryClient, refreshList, replaceQueue]);

  // What this device kept: the list, its own offline entries, the queue, the last sync.
  useEffect(() => {
    let isCurrent = true;
    isLoadedRef.current = false;
    setList(null);
    void Promise.all([
      offlineStore.readList(eventId),
      offlineStore.readEntries(eventId),
      offlineStore.readQueue(),
      offlineStore.readLastSync(),
      offlineStore.readConflicts(eventId),
    ]).then(([savedList, entries, savedQueue, savedSync, savedConflicts]) => {
      if (!isCurrent) return;
      conflictsRef.current = savedConflicts;
      setConflicts(savedConflicts);
      setList((current) => current ?? savedList ?? null);
      entriesRef.current = entries;
      // Scans queued meanwhile (before the store answered) stay in the queue too.
      const queuedNow = new Set(queueRef.current.map((s) => s.nonce));
      replaceQueue([...savedQueue.filter((s) => !queuedNow.has(s.nonce)), ...queueRef.current]);
      setLastSync(savedSync ?? null);
      isLoadedRef.current = true;
      if (navigator.onLine) void sync();
    });
    if (navigator.onLine) void refreshList();
    return () => {
      isCurrent = false;
    };
    // The event decides what is loaded; sync and refreshList change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  useEffect(() => {
    const goOnline = () => {
      setNetworkUp(true);
      setServerReachable(true);
      void sync();
      void refreshList();
    };
    const goOffline = () => setNetworkUp(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const retry = window.setInterval(() => {
      if (navigator.onLine && queueRef.current.length > 0) void sync();
    }, RETRY_MS);
    const refresh = window.setInterval(() => {
      if (navigator.onLine) void refreshList();
    }, LIST_REFRESH_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(retry);
      window.clearInterval(refresh);
    };
  }, [sync, refreshList]);

  /** Decides on the device from the kept list, queues the decision and returns it. */
  const decideHere = useCallback(
    async (code: string, nonce: string): Promise<ScanOutcome> => {
      if (!list) return { error: 'Sem conexão e sem a lista offline deste evento. Conecte-se para baixá-la.' };
      const now = new Date();
      const decided = decideOnDevice(list, byHash, entriesRef.current, splitQrPayload(code), now, turn);
      const { result, session } = decided;
      if (decided.kept !== entriesRef.current) {
        entriesRef.current = decided.kept;
        void offlineStore.saveEntries(eventId, entriesRef.current);
      }
      replaceQueue([
        ...queueRef.current,
        {
          nonce,
          code,
          eventId,
          gate: selection.gate,
          scannedAt: now.toISOString(),
          accepted: result.accepted,
          reason: result.accepted ? undefined : result.reason,
          ...(session ? { sessionId: session.id } : {}),
          ...(turn.direction === 'out' ? { direction: 'out' as const } : {}),
        },
      ]);
      return { result, source: 'offline' };
    },
    [byHash, eventId, list, replaceQueue, selection.gate, turn],
  );

  /**
   * One scan: asked to the server with a nonce; with no answer within 3 s (AbortController), no
   * network or a server error, decided on the device and queued under the same nonce (so a
   * server that did record the late request records it once).
   */
  const checkIn = useCallback(
    async (rawCode: string): Promise<ScanOutcome> => {
      const code = rawCode.trim();
      const nonce = newId();
      if (!navigator.onLine) {
        setNetworkUp(false);
        return decideHere(code, nonce);
      }
      const controller = new AbortController();
      const timer = window.setTimeout(() => controller.abort(), ONLINE_ANSWER_MS);
      try {
        const result = await checkInTicket(
          {
            code,
            eventId,
            gate: selection.gate || undefined,
            deviceId,
            nonce,
            sessionId: turn.sessionId ?? undefined,
            direction: turn.direction === 'out' ? 'out' : undefined,
          },
          controller.signal,
        );
        setServerReachable(true);
        if (queueRef.current.length > 0) void sync();
        return { result, source: 'online' };
      } catch (error) {
        if (isUnreachable(error)) {
          setServerReachable(false);
          return decideHere(code, nonce);
        }
        return { error: error instanceof ApiError ? error.message : 'Erro ao validar ingresso' };
      } finally {
        window.clearTimeout(timer);
      }
    },
    [decideHere, deviceId, eventId, selection.gate, sync, turn.sessionId, turn.direction],
  );

  return {
    deviceId,
    isOnline,
    queueLength: queue.length,
    lastSync,
    list,
    isSyncing,
    conflicts,
    dismissConflicts,
    checkIn,
    sync,
    refreshList,
  };
}
