import { Button } from '@falcon/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDetector } from './barcodeDetector';

const SCAN_EVERY_MS = 250;

/** Why the camera cannot scan: refused by the user or the browser, or no barcode reader could be loaded. */
type Failure = 'camera' | 'reader';

/**
 * The camera view that reads a barcode and reports it once; `camera_permission_required` when the user
 * (or the browser) refuses the camera, `readerUnavailable` (and the camera off again) when neither the
 * browser's BarcodeDetector nor the wasm reader can be used.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation(['scanner', 'messages']);
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [starting, setStarting] = useState(true);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setFailure('camera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        // NotAllowedError, NotFoundError, SecurityError: the camera cannot be used.
        if (live) setFailure('camera');
        return;
      }
      if (!live || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      let detector: Awaited<ReturnType<typeof createDetector>>;
      try {
        detector = await createDetector();
      } catch {
        // The wasm reader could not be fetched or compiled (offline, blocked): typing still works.
        for (const track of stream.getTracks()) track.stop();
        if (live) setFailure('reader');
        return;
      }
      if (!live) return;
      setStarting(false);
      const tick = async () => {
        if (!live || !video.current) return;
        try {
          const [first] = await detector.detect(video.current);
          if (first?.rawValue && live) {
            onCodeRef.current(first.rawValue);
            return;
          }
        } catch {
          // A frame that cannot be read yet (video not ready): try the next one.
        }
        timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {failure ? (
        <p role="alert" style={{ margin: 0 }}>
          {failure === 'camera'
            ? t('camera_permission_required', { ns: 'messages' })
            : t('readerUnavailable')}
        </p>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('cameraView')}
            style={{
              width: '100%',
              maxHeight: '50vh',
              background: '#000',
              borderRadius: 8,
              objectFit: 'cover',
            }}
          />
          <p aria-live="polite" style={{ margin: 0 }}>
            {starting ? t('cameraStarting') : t('cameraHint')}
          </p>
        </>
      )}
      <div>
        <Button variant="secondary" onClick={onClose}>
          {t('cameraStop')}
        </Button>
      </div>
    </div>
  );
}
