// Row types of the tables in migrations/, for Kysely's typed queries.
import type { ColumnType, Generated, RawBuilder } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface Database {
  organizations: { id: Generated<string>; name: string; region: string; created_at: CreatedAt };
  users: {
    id: Generated<string>;
    organization_id: string;
    email: string;
    name: string | null;
    password_hash: string | null;
    org_role: 'admin' | 'member';
    deactivated_at: Date | null;
    created_at: CreatedAt;
    idp_groups: Generated<string[]>;
    /** SCIM (migration 020): the directory's id, name parts, ETag counter, last change, removal by the directory. */
    external_id: Generated<string | null>;
    given_name: Generated<string | null>;
    family_name: Generated<string | null>;
    scim_version: Generated<number>;
    updated_at: Generated<Date>;
    scim_deleted_at: Generated<Date | null>;
    /** SCIM (migration 027): the directory's userName when it is not the email; the attributes it last wrote. */
    scim_user_name: Generated<string | null>;
    scim_attributes: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  };
  projects: {
    id: Generated<string>;
    organization_id: string;
    name: string;
    description: string;
    created_by: string;
    created_at: CreatedAt;
  };
  project_members: {
    project_id: string;
    user_id: string;
    role: 'admin' | 'editor' | 'viewer';
    permissions: Json<unknown>;
    created_at: CreatedAt;
    source: Generated<'direct' | 'group'>;
  };
  invites: {
    code: string;
    project_id: string;
    email: string;
    permissions: Json<unknown>;
    role: 'admin' | 'editor' | 'viewer';
    state: 'pending' | 'accepted';
    invited_by: string;
    accepted_by: string | null;
    created_at: CreatedAt;
    accepted_at: Date | null;
  };
  api_keys: {
    id: Generated<string>;
    user_id: string;
    label: string | null;
    hash: Buffer;
    hint: string;
    created_at: CreatedAt;
    revoked_at: Date | null;
  };
  sessions: { hash: Buffer; user_id: string; created_at: CreatedAt; expires_at: Date; sso_provider_id: ColumnType<string | null, string | null | undefined, never> };
  connections: {
    id: Generated<string>;
    /** The owning project; null for an organization connection (migration 021: exactly one is set). */
    project_id: string | null;
    /** The owning organization of an organization-level key, shared by its projects; null for a project's. */
    organization_id: Generated<string | null>;
    provider: string;
    label: string | null;
    account: string | null;
    auth_type: 'api_key' | 'access_token' | 'oauth' | 'headers' | 'none';
    status: 'active' | 'removed';
    /** A remote MCP server's address (provider `mcp`); null for the other providers. */
    url: Generated<string | null>;
    secret_key_id: string | null;
    secret: Buffer | null;
    token_expires_at: Date | null;
    created_by: string;
    created_at: CreatedAt;
    removed_at: Date | null;
    /** An organization key's last rotation. */
    rotated_at: Generated<Date | null>;
  };
  oauth_states: {
    state_hash: Buffer;
    project_id: string;
    user_id: string;
    provider: string;
    verifier_key_id: string;
    verifier: Buffer;
    redirect_url: string | null;
    expires_at: Date;
    used_at: Date | null;
  };
  mcp_tool_lists: { connection_id: string; tools: Json<unknown>; listed_at: Generated<Date> };
  step_runs: {
    id: Generated<string>;
    project_id: string;
    connection_id: string;
    step: string;
    status: 'complete' | 'failed';
    matched: boolean | null;
    credits_used: number;
    error_type: string | null;
    duration_ms: number;
    created_by: string;
    created_at: CreatedAt;
  };
  studios: {
    id: Generated<string>;
    project_id: string;
    title: string;
    description: string;
    params_schema: Json<unknown> | null;
    transformations: Json<unknown>;
    public: Generated<boolean>;
    publicly_triggerable: Generated<boolean>;
    extra: ColumnType<Record<string, unknown>, string | undefined, string>;
    created_by: string;
    created_at: CreatedAt;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  tool_runs: {
    id: Generated<string>;
    project_id: string;
    studio_id: string;
    status: 'queued' | 'running' | 'complete' | 'failed';
    params: Json<unknown>;
    result: Json<unknown> | null;
    created_by: string;
    created_at: CreatedAt;
    finished_at: Date | null;
  };
  agents: {
    id: Generated<string>;
    project_id: string;
    name: string;
    system_prompt: string;
    model: string | null;
    model_base_url: string | null;
    model_key_id: string | null;
    model_key: Buffer | null;
    actions: Json<unknown>;
    extra: ColumnType<Record<string, unknown>, string | undefined, string>;
    created_by: string;
    created_at: CreatedAt;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  tasks: {
    conversation_id: Generated<string>;
    project_id: string;
    agent_id: string;
    state: TaskState;
    trigger_id: string | null;
    trigger_type: string | null;
    run_as: string;
    error: string | null;
    created_at: CreatedAt;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    started_at: Date | null;
    finished_at: Date | null;
    /** A sub-agent's task: the parent task and its tool-run item waiting for this one (migration 024). */
    parent_conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
    parent_message_id: ColumnType<number | null, number | null | undefined, number | null>;
    depth: ColumnType<number, number | undefined, number>;
  };
  task_messages: {
    id: Generated<number>;
    conversation_id: string;
    kind: 'message' | 'tool_run';
    role: string;
    content: Json<unknown>;
    /** A delivery's message holds the text around its payload; read it with messageContent() (../agents/message-content.ts). */
    delivery_id: string | null;
    created_at: CreatedAt;
  };
  codehost_hooks: {
    id: Generated<string>;
    project_id: string;
    connection_id: string;
    target: string;
    provider_hook_id: number | null;
    events: Json<string[]>;
    secret_key_id: string;
    secret: Buffer;
    created_at: CreatedAt;
    failing_reason: string | null;
    repaired_at: Date | null;
    reconciled_at: Date | null;
    recovered_at: Date | null;
    recovered_through: Date | null;
    received: Generated<string>;
    duplicates: Generated<string>;
    rejected_signatures: Generated<string>;
    recovered: Generated<string>;
  };
  hook_redeliveries: {
    hook_id: string;
    guid: string;
    provider_delivery_id: number;
    delivered_at: Date | null;
    /** 'infinity' for a delivery the code host will not redeliver (never asked again). */
    requested_at: ColumnType<Date, Date | undefined, Date | RawBuilder<unknown>>;
  };
  triggers: {
    id: Generated<string>;
    project_id: string;
    agent_id: string;
    type: string;
    connection_id: string;
    config: Json<Record<string, string>>;
    hook_id: string | null;
    status: 'active' | 'paused';
    poll_state: Json<unknown> | null;
    created_by: string;
    created_at: CreatedAt;
  };
  deliveries: {
    delivery_id: string;
    hook_id: string;
    event: string;
    action: string | null;
    payload: Json<unknown>;
    received_at: CreatedAt;
    processed_at: Date | null;
    dispatch_attempts: Generated<number>;
  };
  activations: {
    id: Generated<string>;
    trigger_id: string;
    source: string;
    item: string;
    conversation_id: string;
    created_at: CreatedAt;
  };
  audit_events: {
    id: Generated<string>;
    organization_id: string;
    time: CreatedAt;
    actor_type: 'user' | 'key' | 'scim_token' | 'system';
    actor_id: string;
    actor_email: string | null;
    action: string;
    target_type: string;
    target_id: string;
    project_id: string | null;
    request_id: string | null;
    source_address: string | null;
    details: Json<unknown> | null;
  };
  sso_group_rules: {
    id: Generated<string>;
    organization_id: string;
    group_name: string;
    project_id: string;
    role: 'admin' | 'editor' | 'viewer';
    created_by: string;
    created_at: CreatedAt;
  };
  directory_groups: {
    id: Generated<string>;
    organization_id: string;
    display_name: string;
    external_id: string | null;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    scim_version: Generated<number>;
  };
  directory_group_members: { group_id: string; user_id: string };
  sso_providers: {
    id: Generated<string>;
    organization_id: string;
    name: string;
    issuer: string;
    client_id: string;
    client_secret: Buffer;
    client_secret_key_id: string;
    group_claim: string | null;
    scopes: ColumnType<string[], string[] | undefined, string[]>;
    created_by: string;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
  };
  sso_provider_domains: { domain: string; provider_id: string; organization_id: string };
  sso_settings: { organization_id: string; require_sso: boolean; break_glass_user_ids: string[]; updated_at: Generated<Date> };
  sso_sign_ins: { state_hash: Buffer; provider_id: string; sealed_key_id: string; sealed: Buffer; expires_at: Date; used_at: Date | null };
  scim_tokens: {
    id: Generated<string>;
    organization_id: string;
    label: string | null;
    hash: Buffer;
    hint: string;
    created_by: string;
    created_at: CreatedAt;
    last_used_at: Date | null;
    revoked_at: Date | null;
  };
  sso_identities: { provider_id: string; subject: string; user_id: string; created_at: CreatedAt };
  /** Actions a task stopped before, waiting for a person's decision (migration 024, src/agents/approvals.ts). */
  task_approvals: {
    action_request_id: Generated<string>;
    conversation_id: string;
    project_id: string;
    agent_id: string;
    message_id: number;
    action: string;
    action_index: number;
    tool_title: string;
    params: Json<Record<string, unknown>>;
    state: ColumnType<'pending' | 'approved' | 'rejected' | 'expired', 'pending' | undefined, 'approved' | 'rejected' | 'expired'>;
    params_override: Json<Record<string, unknown>> | null;
    decided_by: string | null;
    requested_at: CreatedAt;
    expires_at: Date;
    decided_at: Date | null;
  };
  /** Recurring schedules of agents (migration 025, src/schedules). */
  agent_schedules: {
    id: Generated<string>;
    project_id: string;
    agent_id: string;
    cron: string;
    timezone: string;
    message: string;
    run_as: string;
    next_run_at: Date;
    last_run_at: Date | null;
    created_at: CreatedAt;
  };
  /** Messages to add to a task later (the hosted scheduled_triggers_item; migration 025). */
  scheduled_messages: {
    id: Generated<string>;
    project_id: string;
    agent_id: string;
    conversation_id: string;
    message: string;
    run_at: Date;
    created_by: string;
    created_at: CreatedAt;
  };
  /** Signed outbound events (migration 026, src/events). */
  event_subscriptions: {
    id: Generated<string>;
    project_id: string;
    url: string;
    events: string[];
    description: string | null;
    secret_key_id: string;
    secret: Buffer;
    created_by: string;
    created_at: CreatedAt;
    rotated_at: Date | null;
  };
  event_deliveries: {
    id: Generated<string>;
    subscription_id: string;
    event: string;
    data: Json<unknown>;
    created_at: CreatedAt;
    state: Generated<'pending' | 'delivered' | 'failed'>;
    attempt_count: Generated<number>;
    claim: Generated<number>;
    next_attempt_at: Generated<Date | null>;
    sending_until: Date | null;
    attempts: ColumnType<Array<{ at: string; status: number | null; error?: string }>, string | undefined, string>;
  };
  /** Email domains organizations claim, verified by a DNS TXT record (migration 028, src/governance/domains). */
  organization_domains: {
    id: Generated<string>;
    organization_id: string;
    domain: string;
    token: string;
    verified_at: Date | null;
    created_by: string | null;
    created_at: CreatedAt;
  };
}

/**
 * The hosted clients' task states (hosted-compat.md §2); they throw on any other name. Hangar sets
 * starting-up, running, completed, timed-out and unrecoverable; the others are accepted in filters.
 */
export const TASK_STATES = [
  'idle',
  'starting-up',
  'waiting-for-capacity',
  'running',
  'pending-approval',
  'escalated',
  'paused',
  'completed',
  'cancelled',
  'timed-out',
  'unrecoverable',
  'errored-pending-approval',
] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** States in which a task is still working on its last message. */
export const WORKING_STATES: readonly TaskState[] = ['starting-up', 'waiting-for-capacity', 'running'];
