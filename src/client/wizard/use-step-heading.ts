import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fa } from '../../shared/text/wizard-strings.fa.js';

/**
 * Sets the document title and, after an in-app navigation, moves focus to the step's heading so a
 * screen reader announces the new step (the first page of a visit keeps the browser's own focus).
 */
/** The document title of a step (also written into each step's pre-rendered HTML). */
export function documentTitle(stepTitle: string): string {
  return `${stepTitle} | ${fa.app.headerTitle}`;
}

export function useStepHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useEffect(() => {
    if (key !== 'default') ref.current?.focus();
  }, [key]);
  return ref;
}
