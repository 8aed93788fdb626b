import { useId } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import type { PlacedProblem } from '../draft-text.js';

export interface ProblemListProps {
  problems: readonly PlacedProblem[];
  onGo: (problem: PlacedProblem) => void;
}

/** The checker's problems in its own words, each a link to its line. */
export function ProblemList({ problems, onGo }: ProblemListProps) {
  const headingId = useId();
  return (
    <section className="definition-problems" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {faConsole.editor.problems}
        {problems.length > 0 && <span> ({fill(faConsole.editor.problemCount, { count: problems.length })})</span>}
      </h2>
      {problems.length === 0 ? (
        <p role="status">{faConsole.editor.noProblems}</p>
      ) : (
        <ol>
          {problems.map((problem, index) => (
            <li key={`${problem.file}:${problem.pointer}:${index}`}>
              <button type="button" className="staff-link" onClick={() => onGo(problem)}>
                <bdi dir="ltr">{problem.file}</bdi> · {fill(faConsole.editor.lineOf, { line: problem.line })}
              </button>
              <p className="definition-problem-message" dir="ltr" lang="en">
                {problem.pointer && <code>{problem.pointer} </code>}
                {problem.message}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
