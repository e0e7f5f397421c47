-- Video processing attempts: the job counts its runs, so the last one that fails for an
-- infrastructure reason (storage, disk, a crashed ffmpeg) ends the video in 'failed' with a reason
-- instead of leaving it 'processing' forever (docs/wave.md, "Video pipeline").
ALTER TABLE videos ADD COLUMN process_attempts integer NOT NULL DEFAULT 0;
-- The periodic clean-up looks for stale uploads.
CREATE INDEX videos_uploading_idx ON videos (upload_expires_at) WHERE state = 'uploading';
