import { useLocation, useParams } from 'react-router-dom';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { useRegisterConfig } from '../../api/queries.js';
import { AssigneeControl } from './components/AssigneeControl.js';
import { listHrefFrom } from '../ui/case-path.js';
import { QueryError } from '../ui/components/QueryError.js';
import { RegistrationView } from './components/RegistrationView.js';
import { useAddNote } from './hooks/use-add-note.js';
import { useAssign } from './hooks/use-assign.js';
import { useCase } from './hooks/use-case.js';
import { useMoveStatus } from './hooks/use-move-status.js';
import { useColleagues } from '../ui/hooks/use-colleagues.js';
import { useMe } from '../session/hooks/use-session.js';

/** A case at /staff/registrations/:id: its facts, who handles it, its status, notes, answers and timeline. */
export default function RegistrationScreen() {
  const { id } = useParams();
  const caseId = Number(id);
  const location = useLocation();
  const backHref = listHrefFrom(location.state);
  const me = useMe().data;
  const found = useCase(caseId);
  const config = useRegisterConfig();
  const colleagues = useColleagues();
  const move = useMoveStatus(caseId);
  const note = useAddNote(caseId);
  const assign = useAssign(caseId);

  if (!Number.isInteger(caseId) || caseId < 1) return <p className="staff-card">{faConsole.staff.screenNotFound}</p>;
  if (!found.data || !me) {
    return (
      <section className="staff-card">
        <QueryError error={found.error} onRetry={() => void found.refetch()} />
        {found.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
      </section>
    );
  }
  const registration = found.data;
  return (
    <RegistrationView
      registration={registration}
      mapSettings={config.data?.map}
      backHref={backHref}
      busy={move.isPending || note.isPending}
      error={(move.error ?? note.error)?.message}
      // The message shown is the last action's: a new one clears the other's.
      onMove={(to, reason, showReason) => {
        note.reset();
        move.mutate({ from: registration.status, to, reason, showReason });
      }}
      onNote={(body) => {
        move.reset();
        return note.mutateAsync(body);
      }}
      assignment={
        <AssigneeControl
          assignee={registration.assignee}
          me={me}
          colleagues={colleagues.data}
          busy={assign.isPending}
          error={assign.error?.message}
          onAssign={(change) => assign.mutate(change)}
        />
      }
    />
  );
}
