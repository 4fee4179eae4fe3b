import { Users } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { errorMessage } from "@/lib/api-client";
import { MESSAGES } from "@/lib/validation";
import type { AdminUser } from "../api/admin-user-schema";
import { useUsers } from "../api/get-users";
import { ROLE_LABELS, ROLES, type Role } from "../api/schema";
import { useUpdateUser, type UserPatch } from "../api/update-user";
import { formatCompactDateTime, formatDay } from "../lib/format";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { useKeysetPager } from "../lib/use-keyset-pager";
import { BulkUserActions } from "./bulk-user-actions";
import { CreateUserDialog } from "./create-user-dialog";
import { ExportButton } from "./export-button";
import { InlineSelect, InlineText } from "./inline-edit";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";
import { TableRegion, tdClass, thClass } from "./table-region";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string) => (value: string) => (value === "" ? message : null);

function UserRow({
  user,
  selected,
  onSelect,
}: {
  user: AdminUser;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const update = useUpdateUser();
  const name = `${user.firstName} ${user.lastName}`;
  const save = (patch: UserPatch) =>
    update.mutateAsync({ id: user.id, patch }).then(
      (updated) => toast.success(ADMIN_TOASTS.userUpdated, { description: `${updated.firstName} ${updated.lastName}` }),
      (error: unknown) => {
        toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) });
        throw error;
      },
    );
  return (
    <tr className={selected ? "bg-secondary/50" : undefined}>
      <td className={tdClass}>
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${name}`}
        />
      </td>
      <td className={tdClass}>
        <InlineText
          value={user.firstName}
          label="First name"
          itemLabel={name}
          field="firstName"
          validate={required(MESSAGES.firstName)}
          onSave={(firstName) => save({ firstName })}
          className="max-w-48"
        />
      </td>
      <td className={tdClass}>
        <InlineText
          value={user.lastName}
          label="Last name"
          itemLabel={name}
          field="lastName"
          validate={required(MESSAGES.lastName)}
          onSave={(lastName) => save({ lastName })}
          className="max-w-48"
        />
      </td>
      <td className={tdClass}>
        <InlineText
          value={user.email}
          label="Email"
          itemLabel={name}
          field="email"
          type="email"
          validate={(value) => (EMAIL.test(value) ? null : MESSAGES.signUpEmail)}
          onSave={(email) => save({ email })}
        />
        {user.isEmailVerified ? (
          <Badge variant="accent">Verified</Badge>
        ) : (
          <Badge variant="outline">Unverified</Badge>
        )}
      </td>
      <td className={tdClass}>
        <InlineSelect<Role>
          value={user.role}
          options={ROLE_OPTIONS}
          label="Role"
          itemLabel={name}
          onSave={(role) => save({ role })}
        />
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <span className="block">
          Joined <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
        </span>
        <span className="block text-xs text-muted-foreground">Last login: {formatCompactDateTime(user.lastLogin)}</span>
      </td>
    </tr>
  );
}

export function UsersTab() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const pager = useKeysetPager(q);
  const users = useUsers({ q, cursor: pager.cursor });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const pageUsers = users.data?.users ?? [];
  const selectedOnPage = pageUsers.filter((user) => selected.has(user.id));
  const allSelected = pageUsers.length > 0 && selectedOnPage.length === pageUsers.length;

  const clearSelection = () => setSelected(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-heading" className="text-2xl font-bold">
          Users
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton type="users" />
          <CreateUserDialog />
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox
          label="Search users"
          placeholder="Name or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            clearSelection();
          }}
        />
        <BulkUserActions selectedIds={[...selected]} onDone={clearSelection} />
      </div>

      {users.isPending ? (
        <ListSkeleton label="Loading users…" />
      ) : users.isError ? (
        <LoadError title="Could not load users" error={users.error} onRetry={() => void users.refetch()} />
      ) : pageUsers.length === 0 ? (
        <EmptyList icon={Users} title={q ? "No users match" : "No users yet"}>
          {q ? `Nobody's name or email contains "${q}".` : undefined}
        </EmptyList>
      ) : (
        <>
          <TableRegion caption={`Users, page ${pager.page}`} hideCaption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={allSelected}
                    ref={(box) => {
                      if (box) box.indeterminate = selectedOnPage.length > 0 && !allSelected;
                    }}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setSelected((current) => {
                        const next = new Set(current);
                        for (const user of pageUsers) {
                          if (on) next.add(user.id);
                          else next.delete(user.id);
                        }
                        return next;
                      });
                    }}
                    aria-label="Select all users on this page"
                  />
                </th>
                <th scope="col" className={thClass}>
                  First name
                </th>
                <th scope="col" className={thClass}>
                  Last name
                </th>
                <th scope="col" className={thClass}>
                  Email
                </th>
                <th scope="col" className={thClass}>
                  Role
                </th>
                <th scope="col" className={thClass}>
                  Activity
                </th>
              </tr>
            </thead>
            <tbody>
              {pageUsers.map((user) => (
                <UserRow key={user.id} user={user} selected={selected.has(user.id)} onSelect={(on) => toggle(user.id, on)} />
              ))}
            </tbody>
          </TableRegion>
          <Pager
            label="users"
            page={pager.page}
            total={users.data.total}
            nextCursor={users.data.nextCursor}
            busy={users.isFetching}
            onPrevious={() => {
              pager.previous();
              clearSelection();
            }}
            onNext={(cursor) => {
              pager.next(cursor);
              clearSelection();
            }}
          />
        </>
      )}
    </section>
  );
}
