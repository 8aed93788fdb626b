import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { PREVIEW_SANDBOX } from '../../../../shared/definition/definition-preview.js';

/** The two widths the wizard is designed for (its screenshots and e2e projects use the same). */
export const PREVIEW_WIDTHS = { phone: 360, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

export interface PreviewFrameProps {
  /** The preview page of the saved draft (the real wizard, rendering the draft's definition). */
  src?: string;
  /** Why there is no preview now (the checker's problems), instead of `src`. */
  blocked?: boolean;
  /** The editor has changes the saved draft does not have yet. */
  unsaved?: boolean;
  /** Why the preview's address could not be had (the server's words). */
  error?: string;
  /** «بارگیری دوباره»: the frame is loaded anew, from a new address. */
  onReload: () => void;
}

/**
 * «پیش‌نمایش»: the wizard itself in a frame of phone or desktop width, so its own layout rules
 * (media queries) apply as on a real screen. The page is the same app the managers load, under the
 * same CSP, sandboxed; it stores nothing and posts nothing.
 */
export function PreviewFrame({ src, blocked = false, unsaved = false, error, onReload }: PreviewFrameProps) {
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const groupId = useId();
  const stage = useRef<HTMLDivElement>(null);
  const room = useRoom(stage);
  const frameWidth = PREVIEW_WIDTHS[width];
  const frameHeight = width === 'phone' ? 720 : 800;
  // A desktop page wider than the room is drawn smaller, whole: its own layout stays 1280 px wide.
  const scale = room > 0 ? Math.min(1, room / frameWidth) : 1;
  return (
    <section className="definition-preview">
      <p>{faConsole.editor.preview.note}</p>
      {unsaved && <p role="status">{faConsole.editor.preview.unsaved}</p>}
      <div className="definition-preview-bar">
        <fieldset aria-labelledby={groupId}>
          <legend id={groupId}>{faConsole.editor.preview.width}</legend>
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((name) => (
            <label key={name}>
              <input
                type="radio"
                name="preview-width"
                value={name}
                checked={width === name}
                onChange={() => setWidth(name)}
              />
              {faConsole.editor.preview[name]}
            </label>
          ))}
        </fieldset>
        <button type="button" className="staff-link" onClick={onReload}>
          {faConsole.editor.preview.reload}
        </button>
      </div>
      {blocked || error || !src ? (
        <PreviewMissing blocked={blocked} error={error} />
      ) : (
        <div className="definition-preview-stage" ref={stage}>
          <div
            className="definition-preview-box"
            style={{ width: frameWidth * scale, height: frameHeight * scale }}
            data-scale={scale.toFixed(2)}
          >
            <iframe
              key={src}
              src={src}
              sandbox={PREVIEW_SANDBOX.join(' ')}
              title={faConsole.editor.preview.frameTitle}
              width={frameWidth}
              height={frameHeight}
              className="definition-preview-frame"
              style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
              data-width={width}
            />
          </div>
        </div>
      )}
    </section>
  );
}

/** In place of the frame: the checker's problems, the server's refusal, or the address on its way. */
function PreviewMissing({ blocked, error }: { blocked: boolean; error?: string }) {
  if (!blocked && !error) return <p role="status">{faConsole.staff.loading}</p>;
  return (
    <p className="staff-error" role="alert">
      {blocked ? faConsole.editor.preview.blocked : error}
    </p>
  );
}

/** The width available inside an element, followed as the window changes. */
function useRoom(element: RefObject<HTMLElement | null>): number {
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      const style = getComputedStyle(target);
      setRoom(target.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  });
  return room;
}
