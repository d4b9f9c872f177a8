import { type DragEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useUiText } from '../UiText/UiTextProvider';

export interface FileDropProps {
  onFiles: (files: File[]) => void;
  /** Messages for files that were refused (too large). */
  onReject?: (messages: string[]) => void;
  /** As the input's accept attribute, e.g. "image/*" or ".xlsx,.csv". */
  accept?: string;
  multiple?: boolean;
  /** Largest file in bytes. */
  maxSize?: number;
  disabled?: boolean;
  /** A hint under the prompt, e.g. allowed types. */
  hint?: string;
}

const Zone = styled.div<{ $over: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[4]}`};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.color.primary : theme.color.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $over }) => ($over ? theme.color.primarySubtle : theme.color.surface)};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  transition: background ${({ theme }) => theme.motion.duration.fast};
  & input { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
  & label {
    color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    text-decoration: underline;
    cursor: pointer;
  }
  & input:focus-visible + label { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  &[aria-disabled='true'] { opacity: 0.55; }
`;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 102.4) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/** Drop files here or choose them with a real file input (keyboard and screen readers use the input). */
export function FileDrop({
  onFiles,
  onReject,
  accept,
  multiple = false,
  maxSize,
  disabled = false,
  hint,
}: FileDropProps) {
  const { t } = useUiText();
  const id = useId();
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])].slice(0, multiple ? undefined : 1);
    const tooLarge = maxSize ? files.filter((file) => file.size > maxSize) : [];
    if (tooLarge.length > 0 && maxSize)
      onReject?.(
        tooLarge.map((file) => t('fileDrop.tooLarge', { name: file.name, max: formatSize(maxSize) })),
      );
    const ok = files.filter((file) => !tooLarge.includes(file));
    if (ok.length > 0) onFiles(ok);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <Zone
      $over={over}
      aria-disabled={disabled || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span>
        {t('fileDrop.prompt')}{' '}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => take(event.target.files)}
        />
        <label htmlFor={id}>{t('fileDrop.browse')}</label>
      </span>
      {hint ? <small>{hint}</small> : null}
    </Zone>
  );
}
