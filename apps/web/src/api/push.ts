import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/** Calls of 推送管理 and 用户授权 (user centre). */

/** 1 card (pop-up notice), 2 screen (home-screen notice). */
export type PushType = 1 | 2;

export interface Push {
  id: number;
  type: PushType;
  typeName: string;
  title: string;
  content: string;
  signature: string;
  teamCode: string;
  teamName: string;
  creatorName: string;
  createTime: string;
}

export interface PushQuery extends Paging {
  type?: PushType;
  title?: string;
  startTime?: string;
  endTime?: string;
}

export interface NewPush {
  type: PushType;
  title: string;
  content: string;
  signature?: string;
  teamCode: string;
}

export function fetchPushes(query: PushQuery, signal?: AbortSignal): Promise<ListPage<Push>> {
  return request<ListPage<Push>>('POST', '/tkui/push/list', { body: query, dedupe: true, signal });
}

export function fetchPush(id: number): Promise<Push> {
  return request<Push>('GET', `/tkui/push/detail/${id}`);
}

export function addPush(push: NewPush): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/tkui/push/add', { body: push });
}

export function deletePush(id: number): Promise<unknown> {
  return request<unknown>('DELETE', '/tkui/push/delete', { query: { id } });
}

export interface ScreenNotice {
  id: number;
  title: string;
  content: string;
  signature: string;
  createTime: string;
}

/** The newest screen push addressed to the user's team, or null. */
export function fetchScreenNotice(): Promise<ScreenNotice | null> {
  return request<ScreenNotice | null>('GET', '/tkui/push/screen');
}

/** 1 in force, 2 not yet started, 3 expired, 0 revoked. */
export type GrantState = 0 | 1 | 2 | 3;

export interface Grant {
  id: number;
  userId: number;
  nickname: string;
  username: string;
  roleId: number;
  roleName: string;
  teamName: string;
  startDate: string;
  endDate: string;
  reason: string;
  state: GrantState;
  stateName: string;
  creatorName: string;
  createTime: string;
}

export interface GrantQuery extends Paging {
  keyword?: string;
  state?: GrantState;
}

export interface NewGrant {
  userId: number;
  roleId: number;
  startDate: string;
  endDate: string;
  reason: string;
}

export function fetchGrants(query: GrantQuery, signal?: AbortSignal): Promise<ListPage<Grant>> {
  return request<ListPage<Grant>>('POST', '/permission/authorization/list', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function applyGrant(grant: NewGrant): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/permission/authorization/apply', { body: grant });
}

export function revokeGrant(id: number): Promise<unknown> {
  return request<unknown>('POST', '/permission/authorization/revoke', { body: { id } });
}

/** Roles the caller may grant (none beyond the caller's own menu codes). */
export function fetchGrantableRoles(): Promise<{ id: number; name: string }[]> {
  return request<{ id: number; name: string }[]>('GET', '/permission/authorization/roles');
}
