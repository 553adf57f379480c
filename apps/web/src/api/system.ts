import type { MenuNode } from '@fleet/domain';
import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/** Calls of 系统管理: users (用户管理) and roles (角色管理). */

export interface SystemUser {
  id: number;
  username: string;
  nickname: string;
  phone: string;
  email: string;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  /** Epoch milliseconds. */
  createdAt: number | string;
  teamCode: string;
  teamName: string;
  isManager: boolean;
  roleIds: number[];
  roleNames: string[];
}

export interface UserQuery extends Paging {
  keyword?: string;
  status?: 0 | 1;
  teamCode?: string;
}

export interface UserFields {
  nickname: string;
  phone?: string;
  email?: string;
  teamCode: string;
  roleIds: number[];
  isManager?: boolean;
}

export interface NewUser extends UserFields {
  username: string;
  /** Lowercase hex SHA-256 of the typed password. */
  password: string;
}

export function fetchUsers(query: UserQuery, signal?: AbortSignal): Promise<ListPage<SystemUser>> {
  return request<ListPage<SystemUser>>('POST', '/system/user/page', { body: query, dedupe: true, signal });
}

export function addUser(user: NewUser): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/system/user/add', { body: user });
}

export function editUser(user: UserFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/system/user/edit', { body: user });
}

export function changeUserStatus(id: number, status: 0 | 1): Promise<unknown> {
  return request<unknown>('POST', '/system/user/changeStatus', { body: { id, status } });
}

/** A new password that follows the policy; the server gives it only this once. */
export function resetUserPassword(id: number): Promise<{ password: string }> {
  return request<{ password: string }>('POST', '/system/user/resetPassword', { body: { id } });
}

export interface Role {
  id: number;
  name: string;
  remark: string;
  createdAt: number | string;
  userCount: number;
  /** Menu permission codes. */
  codes: string[];
  /** The owning team: role administrators of its subtree may change the role. */
  teamCode: string;
  /** The caller holds every code of the role, so it may give the role to a user. */
  grantable: boolean;
  /** The role is owned within the caller's team subtree, so the caller may change it. */
  editable: boolean;
}

export interface RoleQuery extends Paging {
  name?: string;
}

export interface RoleFields {
  name: string;
  remark?: string;
  codes: string[];
}

export function fetchRoles(query: RoleQuery, signal?: AbortSignal): Promise<ListPage<Role>> {
  return request<ListPage<Role>>('POST', '/system/role/list', { body: query, dedupe: true, signal });
}

/** Every role of the merchant, for the user dialog's role choice. */
export function fetchAllRoles(): Promise<ListPage<Role>> {
  return request<ListPage<Role>>('POST', '/system/role/list', { body: { pageNum: 1, pageSize: 500 } });
}

/** The whole menu tree, for granting menu codes to a role. */
export function fetchMenuTree(): Promise<MenuNode[]> {
  return request<MenuNode[]>('GET', '/system/menu/tree');
}

export function addRole(role: RoleFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/system/role/add', { body: role });
}

export function editRole(role: RoleFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/system/role/edit', { body: role });
}

export function deleteRole(id: number): Promise<unknown> {
  return request<unknown>('POST', '/system/role/delete', { body: { id } });
}
