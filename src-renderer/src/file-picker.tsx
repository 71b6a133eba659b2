import { useRef } from 'react';
import type { FileRef } from '../../src-shared/ipc';
import { filesToRefs, pickWithDialog } from './files';

/** The document types the inspector takes. */
export const DOCUMENT_ACCEPT = '.md,.markdown,.txt,.docx,.pdf';

/**
 * A button that picks files: Electron's native dialog (its paths are the only ones main accepts), or
 * in the browser a hidden `<input type=file>` whose files are uploaded as references. Either way the
 * caller gets `FileRef`s.
 */
export function FilePicker(props: {
  label: string;
  filters: 'docx' | 'documents';
  accept: string;
  testId: string;
  onRefs: (refs: FileRef[]) => Promise<void>;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        className={props.className}
        disabled={props.disabled}
        onClick={async () => {
          const refs = await pickWithDialog(props.filters);
          if (refs) await props.onRefs(refs);
          else input.current?.click();
        }}
      >
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        multiple={props.multiple}
        hidden
        accept={props.accept}
        data-testid={props.testId}
        onChange={async (e) => {
          const files = e.target.files ? [...e.target.files] : [];
          e.target.value = '';
          await props.onRefs(await filesToRefs(files));
        }}
      />
    </>
  );
}
