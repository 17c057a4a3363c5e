import { useState } from 'react';
import { Button, Card, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useFittedTable } from '../../components/list/list-table';
import { UserAddOutlined } from '@ant-design/icons';
import type { AddedTeamMemberResponse, TeamMember, TeamRole } from '../../api/types';
import { errorText } from '../../api/errors';
import { ConfirmModal } from '../../components/confirm-modal';
import { ConflictPopover } from '../../components/conflict/conflict-notice';
import { useRowWrite, type RowAction } from '../../components/conflict/use-row-write';
import { notify } from '../../lib/notify';
import { formatDateTime } from '../../lib/dates';
import { useAppSelector } from '../../app/hooks';
import { TEAM_ROLE_LABELS, TEAM_ROLES } from '../../../common/team-roles';
import {
  useEndTeamMemberSessionsMutation,
  useResetTeamMemberMfaMutation,
  useListTeamQuery,
  useRenewSetupLinkMutation,
  useUpdateTeamMemberMutation,
} from './team-api';
import { AddMemberModal, SetupLinkModal } from './add-member-modal';
import { fullName } from '../../../common/person-name';

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

/** A change the owner is asked to confirm: every change ends the admin's sessions. */
type Pending =
  | { kind: 'role'; member: TeamMember; teamRole: TeamRole }
  | { kind: 'status'; member: TeamMember; status: boolean }
  | { kind: 'sessions'; member: TeamMember }
  | { kind: 'mfa'; member: TeamMember };

function question(pending: Pending): { title: string; message: string; confirm: string } {
  const name = fullName(pending.member);
  if (pending.kind === 'role') {
    return {
      title: 'Change team role',
      message: `Make ${name} ${TEAM_ROLE_LABELS[pending.teamRole]}?`,
      confirm: 'Change role',
    };
  }
  if (pending.kind === 'status') {
    return pending.status
      ? { title: 'Activate administrator', message: `Activate ${name}?`, confirm: 'Activate' }
      : {
          title: 'Deactivate administrator',
          message: `Deactivate ${name}?`,
          confirm: 'Deactivate',
        };
  }
  if (pending.kind === 'mfa') {
    return {
      title: 'Reset two-step verification',
      message: `Remove ${name}'s authenticator apps and recovery codes, and sign them out? Their next sign-in sets up two-step verification again.`,
      confirm: 'Reset',
    };
  }
  return {
    title: 'Sign out everywhere',
    message: `Sign ${name} out of every session?`,
    confirm: 'Sign out',
  };
}

/**
 * The Team screen (owners): every administrator with their team role, status, last sign-in and
 * live sessions, dormant ones marked; add a colleague (who gets a one-time set-password link),
 * change a role or status (their sessions end), sign someone out everywhere.
 */
export default function TeamPage() {
  const fitted = useFittedTable();
  const me = useAppSelector((state) => state.auth.user?._id);
  const { data, isFetching, error, refetch } = useListTeamQuery();
  const [updateMember, update] = useUpdateTeamMemberMutation();
  const [endSessions, ending] = useEndTeamMemberSessionsMutation();
  const [resetMfa, resetting] = useResetTeamMemberMfaMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [adding, setAdding] = useState(false);
  const [renewSetupLink, renewing] = useRenewSetupLinkMutation();
  const [renewed, setRenewed] = useState<AddedTeamMemberResponse['data'] | null>(null);

  const renew = async (member: TeamMember) => {
    try {
      setRenewed((await renewSetupLink(member._id).unwrap()).data);
    } catch (failure) {
      notify.error(errorText(failure, { http: 'No new link was made', other: 'No answer' }));
    }
  };

  // A role or status change of a member a colleague changed since the list was read: the
  // compact notice beside the control, nothing changed.
  const rowWrite = useRowWrite();
  const refused = (failure: unknown) =>
    notify.error(errorText(failure, { http: 'The change was refused', other: 'No answer' }));
  const changeAction = (member: TeamMember, kind: 'role' | 'status'): RowAction => ({
    key: `${member._id}:${kind}`,
    // Reload: the team as it is now.
    reload: () => void refetch(),
    done: (answer) => notify.success((answer as { message: string }).message),
    failed: refused,
  });

  const run = async (change: Pending) => {
    rowWrite.clear();
    try {
      if (change.kind === 'sessions') {
        const { data: result } = await endSessions(change.member._id).unwrap();
        notify.success(`${result.ended} session${result.ended === 1 ? '' : 's'} ended`);
      } else if (change.kind === 'mfa') {
        notify.success((await resetMfa(change.member._id).unwrap()).message);
      } else {
        const body: { teamRole: TeamRole } | { status: boolean } =
          change.kind === 'role' ? { teamRole: change.teamRole } : { status: change.status };
        await rowWrite.write(changeAction(change.member, change.kind), {
          version: change.member.version,
          mine: body,
          send: (versioned) =>
            updateMember({ id: change.member._id, ...body, ...versioned }).unwrap(),
        });
      }
    } catch (failure) {
      refused(failure);
    }
    setPending(null);
  };

  const columns = [
    {
      title: 'Name',
      key: 'name',
      render: (_: unknown, member: TeamMember) => (
        <Space size={4} wrap>
          <span>{fullName(member)}</span>
          {member._id === me ? <Tag>You</Tag> : null}
          {member.setupPending ? <Tag color="blue">Password not set yet</Tag> : null}
          {member.dormant ? (
            <Tag color="orange" title="No sign-in for a long time: consider deactivating">
              Dormant
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    {
      title: 'Team role',
      key: 'teamRole',
      render: (_: unknown, member: TeamMember) => (
        <ConflictPopover {...rowWrite.beside(changeAction(member, 'role'))}>
          <Select
            aria-label={`Team role of ${fullName(member)}`}
            size="small"
            style={{ width: 120 }}
            value={member.teamRole}
            options={ROLE_OPTIONS}
            disabled={member._id === me}
            title={member._id === me ? 'You cannot change your own team role' : undefined}
            onChange={(teamRole: TeamRole) => setPending({ kind: 'role', member, teamRole })}
          />
        </ConflictPopover>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, member: TeamMember) =>
        member.status ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>,
    },
    {
      title: 'Last sign-in',
      key: 'lastSignInAt',
      render: (_: unknown, member: TeamMember) =>
        member.lastSignInAt ? formatDateTime(new Date(member.lastSignInAt)) : 'Never',
    },
    { title: 'Sessions', dataIndex: 'activeSessions', key: 'activeSessions' },
    {
      title: 'Actions',
      key: 'actions',
      className: 'list-actions',
      render: (_: unknown, member: TeamMember) => (
        <Space>
          {member.setupPending ? (
            <Button size="small" loading={renewing.isLoading} onClick={() => void renew(member)}>
              New link
            </Button>
          ) : null}
          <Button
            size="small"
            disabled={member.activeSessions === 0}
            onClick={() => setPending({ kind: 'sessions', member })}
          >
            Sign out everywhere
          </Button>
          {member._id === me ? null : (
            <Button size="small" onClick={() => setPending({ kind: 'mfa', member })}>
              Reset two-step verification
            </Button>
          )}
          {member._id === me ? null : (
            <ConflictPopover {...rowWrite.beside(changeAction(member, 'status'))}>
              <Button
                size="small"
                danger={member.status}
                onClick={() => setPending({ kind: 'status', member, status: !member.status })}
              >
                {member.status ? 'Deactivate' : 'Activate'}
              </Button>
            </ConflictPopover>
          )}
        </Space>
      ),
    },
  ];

  const asked = pending ? question(pending) : null;
  return (
    <Card>
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Text type="secondary">
            Changing someone&apos;s role or status signs them out of every session.
          </Typography.Text>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            Add administrator
          </Button>
        </Flex>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {errorText(error, { http: 'The team could not be loaded', other: 'No answer' })}
          </Typography.Text>
        ) : null}
        <Table<TeamMember>
          rowKey="_id"
          size="middle"
          loading={isFetching}
          columns={columns}
          dataSource={data?.data ?? []}
          pagination={false}
          scroll={fitted.scroll}
          className={fitted.className}
        />
      </Flex>
      <AddMemberModal open={adding} onClose={() => setAdding(false)} />
      {renewed ? (
        <SetupLinkModal
          title="New set-password link"
          added={renewed}
          onClose={() => setRenewed(null)}
        />
      ) : null}
      <ConfirmModal
        open={pending !== null}
        title={asked?.title ?? ''}
        message={asked?.message ?? ''}
        detail="Their sessions end: they sign in again."
        confirmText={asked?.confirm}
        danger={pending?.kind !== 'role' && !(pending?.kind === 'status' && pending.status)}
        loading={update.isLoading || ending.isLoading || resetting.isLoading}
        onConfirm={() => {
          if (pending) void run(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
