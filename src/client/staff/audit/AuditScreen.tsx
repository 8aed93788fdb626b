import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { AuditLog } from './components/AuditLog.js';
import { QueryError } from '../ui/components/QueryError.js';
import { useAudit } from './hooks/use-audit.js';

/** The audit log at /staff/audit (admins). */
export default function AuditScreen() {
  const audit = useAudit();
  return (
    <section className="staff-card" aria-labelledby="audit-heading">
      <h1 id="audit-heading">{faConsole.staff.auditLog}</h1>
      <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      {audit.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      {audit.data && <AuditLog events={audit.data.events} />}
    </section>
  );
}
