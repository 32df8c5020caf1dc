/**
 * A selfie from the device camera (getUserMedia, with a translated message when it is unavailable or
 * permission is denied) or, as a fallback, from an image file (issue 3). Gives the image as a JPEG/PNG
 * data URL. Used by the eKYC step of every record (EkycStep.tsx) and the /ekyc pages.
 */
import { Button, Group, Image, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';
import { dataUrlOf } from '@/lib/files.ts';

/** The translation key of a getUserMedia failure. */
export function cameraProblem(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'wills.ekyc.camera_denied';
  return 'wills.ekyc.camera_unavailable';
}

/** Camera or file → `onSelfie(dataUrl | null)`; shows the chosen selfie. */
export function SelfieCapture(props: {
  selfie: string | null;
  onSelfie: (s: string | null) => void;
  disabled?: boolean;
  /**
   * True while a chosen file is being read (FileReader is asynchronous): the caller keeps its verify button
   * busy meanwhile, so a press right after choosing the file sends that file instead of "no selfie".
   */
  onReading?: (reading: boolean) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);

  const stopCamera = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setCameraOn(false);
  };
  useEffect(
    () => () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  async function startCamera() {
    setCameraError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setCameraError(t('wills.ekyc.camera_unavailable'));
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      streamRef.current = stream;
      setCameraOn(true);
      requestAnimationFrame(() => {
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      });
    } catch (e) {
      setCameraError(t(cameraProblem(e)));
    }
  }

  function capture() {
    const video = videoRef.current;
    if (!video?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    props.onSelfie(canvas.toDataURL('image/jpeg', 0.92));
    stopCamera();
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('wills.ekyc.camera_title')}
        </Title>
        {cameraOn ? (
          <>
            <video ref={videoRef} autoPlay playsInline muted aria-label={t('wills.ekyc.camera_preview')} />
            <Group>
              <Button onClick={capture}>{t('wills.ekyc.capture')}</Button>
              <Button variant="default" onClick={stopCamera}>
                {t('common.cancel')}
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button variant="light" onClick={startCamera} disabled={props.disabled}>
              {t('wills.ekyc.open_camera')}
            </Button>
          </Group>
        )}
        {cameraError && (
          <Notice color="orange" role="alert" data-testid="camera-error">
            {cameraError}
          </Notice>
        )}
        <Input.Wrapper label={t('wills.ekyc.upload_label')} id={fileId} description={t('wills.ekyc.upload_hint')}>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            data-testid="selfie-file"
            disabled={props.disabled}
            onChange={async (e) => {
              const f = e.currentTarget.files?.[0];
              props.onReading?.(true);
              try {
                props.onSelfie(f ? await dataUrlOf(f) : null);
              } finally {
                props.onReading?.(false);
              }
            }}
          />
        </Input.Wrapper>
        {props.selfie ? (
          <Image src={props.selfie} alt={t('wills.ekyc.selfie_alt')} h={200} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('wills.ekyc.no_selfie')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Read a file as a data URL (one reader for every upload: lib/files.ts). */
export { dataUrlOf };
