import { spawn } from 'node:child_process';

/** What the pipeline takes as videos, by the type read from their bytes. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

const VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1']);
const AUDIO_CODECS = new Set(['aac', 'mp3', 'opus', 'vorbis']);
/** How long ffprobe and ffmpeg may take on one upload before it counts as unreadable. */
const TOOL_TIMEOUT_MS = 60_000;

/** Debian's ffmpeg package: ffprobe reads a video, ffmpeg writes it anew. */
export interface VideoTools {
  ffprobe: string;
  ffmpeg: string;
}

/** The video tools on this machine, or null: then video uploads are refused (and start.ts logs it once). */
export async function findVideoTools(names: VideoTools = { ffprobe: 'ffprobe', ffmpeg: 'ffmpeg' }): Promise<VideoTools | null> {
  const [probe, mux] = await Promise.all([run(names.ffprobe, ['-version'], 10_000), run(names.ffmpeg, ['-version'], 10_000)]);
  return probe.code === 0 && mux.code === 0 ? names : null;
}

export interface VideoFacts {
  durationSec: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
}

export type VideoRefusal = { reason: 'unreadable' } | { reason: 'tooLong' } | { reason: 'dimensions' };

/**
 * Reads the video with ffprobe: one video stream of a codec browsers play, an optional audio
 * stream, a real duration within the route's limit and a size within `maxDimension`.
 */
export async function probeVideo(
  tools: VideoTools,
  file: string,
  limits: { maxSeconds: number; maxDimension: number },
): Promise<VideoFacts | VideoRefusal> {
  const result = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], TOOL_TIMEOUT_MS);
  if (result.code !== 0 || result.stderr.trim() !== '') return { reason: 'unreadable' };
  let probed: { format?: { duration?: string }; streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[] };
  try {
    probed = JSON.parse(result.stdout) as typeof probed;
  } catch {
    return { reason: 'unreadable' };
  }
  const streams = probed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const durationSec = Number(probed.format?.duration);
  if (!video?.codec_name || !VIDEO_CODECS.has(video.codec_name)) return { reason: 'unreadable' };
  if (audio && (!audio.codec_name || !AUDIO_CODECS.has(audio.codec_name))) return { reason: 'unreadable' };
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (!(width > 0 && height > 0) || !Number.isFinite(durationSec) || durationSec <= 0) return { reason: 'unreadable' };
  if (Math.max(width, height) > limits.maxDimension) return { reason: 'dimensions' };
  if (durationSec > limits.maxSeconds) return { reason: 'tooLong' };
  return { durationSec, width, height, videoCodec: video.codec_name, audioCodec: audio?.codec_name ?? null };
}

/**
 * Writes the video's first video and audio streams into a fresh container without re-encoding:
 * every packet is read, so a truncated file fails here (`-xerror`), and nothing else survives —
 * no metadata (a phone's location), no other streams, nothing appended after the media.
 * MP4 and QuickTime become MP4 (moov first, so browsers start playing at once); WebM stays WebM.
 */
export async function rewriteVideo(tools: VideoTools, input: string, output: string, type: VideoType): Promise<'video/mp4' | 'video/webm' | null> {
  const target = type === 'video/webm' ? 'video/webm' : 'video/mp4';
  const format = target === 'video/webm' ? ['-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4'];
  const args = ['-v', 'error', '-xerror', '-nostdin', '-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1', '-map_chapters', '-1', ...format, '-y', output];
  const result = await run(tools.ffmpeg, args, TOOL_TIMEOUT_MS);
  return result.code === 0 && result.stderr.trim() === '' ? target : null;
}

/** The video's first frame as a PNG file, for a poster; false when there is none. */
export async function extractFirstFrame(tools: VideoTools, video: string, output: string): Promise<boolean> {
  const args = ['-v', 'error', '-nostdin', '-i', video, '-map', '0:v:0', '-frames:v', '1', '-c:v', 'png', '-f', 'image2', '-y', output];
  const result = await run(tools.ffmpeg, args, TOOL_TIMEOUT_MS);
  return result.code === 0;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a tool without a shell, its output capped, killed after the timeout. */
function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' });
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 1_000_000) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString('utf8');
    });
    child.once('error', () => resolve({ code: null, stdout, stderr: stderr || 'could not start' }));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
