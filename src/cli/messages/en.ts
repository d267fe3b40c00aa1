/**
 * The command line's own words (`muster check`'s table and notes, `muster status`, `muster
 * outbox`), beside the shared catalogs (core/i18n) it says core's data in. English is the
 * schema the other languages follow; vue-i18n's message syntax ({name}, forms split by |).
 */
const cli = {
  check: {
    head: "{file} — sheet “{sheet}”, header on row {row}",
    head_no_header: "{file} — sheet “{sheet}”, no header row",
    columns: "Columns: {columns}{ignored}",
    column_named: "{column} “{header}”",
    columns_none: "none mapped",
    ignored: "; ignored: {columns} (map one with --map COLUMN=TARGET)",
    note: "Note: {note}",
    table: { row: "Row", name: "Name", email: "E-mail", problem: "Problem" },
    summary: "{total} participant: {valid} valid, {invalid} invalid, {duplicates}{conflicts}. | {total} participants: {valid} valid, {invalid} invalid, {duplicates}{conflicts}.",
    duplicates: "{n} duplicate | {n} duplicates",
    conflicts: ", {n} shared e-mail of different people | , {n} shared e-mails of different people",
    suggested: "Suggested fixes: {counts} (muster check --json lists them{how}).",
    suggested_sure: "{n} with one right answer",
    suggested_choose: "{n} to choose from",
    suggested_how: "; --export OUT --apply-suggestions writes the list with the sure ones made",
    remembered: "The corrected mapping is remembered for sheets with these headers (in {where}); muster check {file} --forget-mapping forgets it.",
    forgotten: "The mapping remembered for these headers was forgotten; the columns were mapped afresh.",
    rows: "1 row | {n} rows",
    wrote: "Wrote {rows} with their status and problems to {file}.",
    wrote_fixed: "{applied} Wrote {rows} with the fixes made, their status and problems to {file}; {left}",
    left: "{n} still has invalid fields. | {n} still have invalid fields.",
  },
  status: {
    mirror: "Mirror of {server} (account {account}), {file}",
    unknown_server: "an unknown service",
    unknown_account: "unknown",
    no_mirrors: "No mirrors in {dir} yet.",
    counts: "Outbox: {pending} waiting, {in_flight} being sent, {done} sent, {rejected} refused, {blocked} blocked.",
    oldest: "Oldest pending: {age} old.",
    oldest_none: "Oldest pending: none.",
    last_sync: "Last successful sync: {at} ({age} ago).",
    last_sync_never: "Last successful sync: never.",
    paused: "Paused ({reason}): {error}",
    current_error: "Current error: {error}",
    next_now: "Next attempt: now.",
    next_in: "Next attempt: in {age}.",
    act: "Refused and blocked changes stay until you act: muster outbox --server URL lists them; --retry tries again, --discard gives a change up.",
    pushes: "Pushes:",
    draft: "draft {id} {file} → event {event}: {state}",
    import: "import {id}",
    action: "action {id} {status}",
    disagreements: "{n} parse disagreement | {n} parse disagreements",
    states: { editing: "editing", ready: "ready", pushing: "pushing", pushed: "pushed", failed: "failed" },
    ago: { s: "{n} s", min: "{n} min", h: "{n} h", days: "{n} days" },
  },
  outbox: {
    states: { pending: "waiting", in_flight: "being sent", rejected: "refused", blocked: "blocked" },
    title: "Changes not sent yet:",
    empty: "Nothing is waiting in the outbox.",
    act: "Refused changes stay until you act: --retry ID (or all) tries again, --discard ID gives the change up.",
    retried_none: "Nothing was refused, so nothing was tried again.",
    retried: "1 change is waiting to be sent again; run muster sync --server {server} to send it. | {n} changes are waiting to be sent again; run muster sync --server {server} to send them.",
    discarded: "Discarded. {lost}",
    not_yet: "Nothing was changed yet: add --yes to discard it.",
  },
};

export type CliMessages = typeof cli;
export default cli;
