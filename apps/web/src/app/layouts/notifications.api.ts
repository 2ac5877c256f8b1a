import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffNotificationPageSchema,
  staffNotificationSchema,
  staffNotificationStreamEventSchema,
} from '@ecolage/contracts';
import type { StaffNotificationPage } from '@ecolage/contracts';
import { openEventStream } from '../../lib/event-stream';
import { apiRequest, UnexpectedAnswerError } from '../../features/auth/auth-client';
import { fetchStreamTicket } from '../../features/auth/stream-ticket';

/**
 * The bell's server calls: the member's latest items and unread count (`GET /api/notifications`),
 * read marks, and the live stream (`GET /api/notifications/stream`, opened with a stream ticket)
 * that puts a new item in at once. When the stream cannot help (an old browser, a proxy that
 * buffers, the server's limit), the list is asked again every 30 seconds.
 */

/** Items the bell shows. */
export const BELL_PAGE_SIZE = 10;
/** The poll when the stream is not there. */
export const BELL_FALLBACK_POLL_MS = 30_000;

export const bellKeys = {
  all: ['notifications'] as const,
  list: (organizationId: string) => ['notifications', organizationId] as const,
};

function read<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) {
  return (answer: unknown): T => {
    const parsed = schema.safeParse(answer);
    if (!parsed.success || parsed.data === undefined) throw new UnexpectedAnswerError();
    return parsed.data;
  };
}
const readPage = read(staffNotificationPageSchema);
const readItem = read(staffNotificationSchema);

/**
 * The member's latest items in the school of the session; `poll` while the stream is away. Not
 * asked while `ready` is false (the guard is renewing a session whose token had expired).
 */
export function useBellItems(organizationId: string, poll: boolean, ready = true) {
  return useQuery({
    queryKey: bellKeys.list(organizationId),
    queryFn: async ({ signal }) =>
      readPage(await apiRequest(`/api/notifications?pageSize=${BELL_PAGE_SIZE}`, { signal })),
    refetchInterval: poll ? BELL_FALLBACK_POLL_MS : false,
    retry: false,
    enabled: organizationId !== '' && ready,
  });
}

/** Marks an item read; the bell shows it read (and one fewer unread) at once. */
export function useMarkRead(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      readItem(await apiRequest(`/api/notifications/${id}/read`, { method: 'POST', body: {} })),
    onSuccess: (item) => {
      client.setQueryData<StaffNotificationPage>(bellKeys.list(organizationId), (page) => {
        if (!page) return page;
        const wasUnread = page.items.some((entry) => entry.id === item.id && !entry.readAt);
        return {
          ...page,
          items: page.items.map((entry) => (entry.id === item.id ? item : entry)),
          unread: Math.max(0, page.unread - (wasUnread ? 1 : 0)),
        };
      });
    },
  });
}

export function useMarkAllRead(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/notifications/read-all', { method: 'POST', body: {} }),
    onSuccess: () => {
      const now = new Date().toISOString();
      client.setQueryData<StaffNotificationPage>(bellKeys.list(organizationId), (page) =>
        page
          ? {
              ...page,
              unread: 0,
              items: page.items.map((entry) => ({ ...entry, readAt: entry.readAt ?? now })),
            }
          : page,
      );
    },
  });
}

/**
 * Listens to the member's stream: a new item goes to the top of the list with the new unread
 * count. Answers whether the bell must poll (the stream failed or stayed silent).
 */
export function useBellStream(organizationId: string, ready = true): boolean {
  const client = useQueryClient();
  const [poll, setPoll] = useState(false);
  useEffect(() => {
    if (!ready || organizationId === '') return;
    const stream = openEventStream<unknown>('/api/notifications/stream', {
      ticket: fetchStreamTicket,
      onLive: () => setPoll(false),
      onFallback: () => setPoll(true),
      onMessage: (message) => {
        const parsed = staffNotificationStreamEventSchema.safeParse(message);
        if (!parsed.success) return;
        const { unread, item } = parsed.data;
        const before = client.getQueryData<StaffNotificationPage>(bellKeys.list(organizationId));
        // A count that moved while the stream was away (its first message): read the list again.
        if (!item && before && before.unread !== unread) {
          void client.invalidateQueries({ queryKey: bellKeys.list(organizationId) });
          return;
        }
        client.setQueryData<StaffNotificationPage>(bellKeys.list(organizationId), (page) => {
          if (!page) return page;
          if (!item) return { ...page, unread };
          if (page.items.some((entry) => entry.id === item.id)) return { ...page, unread };
          return {
            ...page,
            unread,
            total: page.total + 1,
            items: [item, ...page.items].slice(0, BELL_PAGE_SIZE),
          };
        });
      },
    });
    return () => stream.close();
  }, [client, organizationId, ready]);
  return poll;
}
