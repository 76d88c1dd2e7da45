import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/** An optional single image (JPEG, PNG or WebP) with a preview. */
export function ImagePicker({
  file,
  onChange,
  isDisabled,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="btn-ghost cursor-pointer px-3 py-1.5">
        <ImagePlus className="size-4" aria-hidden="true" /> {file ? <Trans>Change photo</Trans> : <Trans>Add a food photo</Trans>}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {preview && (
        <div className="relative">
          <img src={preview} alt={t`Selected food`} className="size-16 rounded-lg object-cover" />
          <button
            type="button"
            aria-label={t`Remove photo`}
            onClick={() => onChange(null)}
            className="absolute -top-2 -right-2 rounded-full bg-ink p-0.5 text-white"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
