/**
 * The widget's markup and styles, shared by the script embed (rendered in the browser into a
 * Shadow DOM) and the iframe embed (rendered on the server). Pure string building with no
 * dependencies, so the bundled script stays a few KB.
 */
import { escapeHtml as esc } from './escape.ts';

export interface EmbedVideo {
  videoId: string;
  question: string | null;
  thumbnailUrl: string;
  playbackUrl: string;
  previewUrl: string | null;
}
export interface EmbedProfile {
  _id: string;
  basicInfo: { firstName: string; lastName: string };
  title: string;
  department: string;
  videos: EmbedVideo[];
}
export interface EmbedWidget {
  thumbnailType: string;
  videoControls: { fullscreenSwitch: boolean; shareSwitch: boolean; volumeSwitch: boolean; playbarSwitch: boolean };
  style: Array<{ name: string; color: string; showCanvas: boolean }>;
  viewMoreButtonText: string;
  font: string;
  widgetTitleText: string;
  orientation: string;
}
export interface EmbedData {
  widget: EmbedWidget | null;
  profiles: EmbedProfile[];
  meetTheTeamUrl: string | null;
}

export { esc };

const HEX = /^#[0-9a-fA-F]{3,8}$/;
const FONT = /^[\w -]{1,100}$/;

function colours(w: EmbedWidget) {
  const c: Record<string, string> = {
    background: '#ff9a08',
    inlay: '#ffffff',
    widgetTitle: '#000000',
    buttonBackground: '#ffffff',
    buttonText: '#000000',
    header: '#000000',
    bodyText: '#333333',
  };
  for (const s of w.style) if (HEX.test(s.color)) c[s.name] = s.showCanvas || (s.name !== 'background' && s.name !== 'inlay') ? s.color : 'transparent';
  return c;
}

export function widgetCss(w: EmbedWidget): string {
  const c = colours(w);
  const font = FONT.test(w.font) ? `"${w.font}", ` : '';
  const vertical = w.orientation === 'vertical';
  return `:host{all:initial;display:block}
.hhw{box-sizing:border-box;font-family:${font}system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${c.background};color:${c.bodyText};padding:20px;border-radius:12px;line-height:1.4}
.hhw *{box-sizing:border-box}
.hhw-title{margin:0 0 16px;font-size:24px;font-weight:700;color:${c.widgetTitle}}
.hhw-list{list-style:none;margin:0;padding:0;display:flex;gap:16px;${vertical ? 'flex-direction:column' : 'overflow-x:auto;scroll-snap-type:x mandatory;padding-bottom:8px'}}
.hhw-card{background:${c.inlay};border-radius:10px;overflow:hidden;${vertical ? 'display:flex;gap:12px;align-items:center' : 'flex:0 0 240px;scroll-snap-align:start'}}
.hhw-media{position:relative;${vertical ? 'flex:0 0 200px' : ''}}
.hhw-video{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#000}
.hhw-play{position:absolute;inset:0;margin:auto;width:56px;height:56px;border-radius:50%;border:0;background:rgba(0,0,0,.55);color:#fff;font-size:22px;cursor:pointer}
.hhw-text{padding:10px 12px}
.hhw-name{margin:0;font-size:17px;color:${c.header}}
.hhw-role{margin:2px 0 0;font-size:14px;color:${c.bodyText}}
.hhw-share{display:inline-block;margin-top:6px;font-size:13px;color:${c.header}}
.hhw-more{display:inline-block;margin-top:16px;padding:10px 18px;border-radius:6px;background:${c.buttonBackground};color:${c.buttonText};text-decoration:none;font-weight:600}
.hhw-more:focus-visible,.hhw-play:focus-visible,.hhw-video:focus-visible{outline:3px solid ${c.widgetTitle};outline-offset:2px}`;
}

function videoTag(w: EmbedWidget, p: EmbedProfile, v: EmbedVideo): string {
  const ctl = w.videoControls;
  const name = `${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim();
  const label = esc(`Video of ${name}${v.question ? `: ${v.question}` : ''}`);
  const list = [ctl.fullscreenSwitch ? '' : 'nofullscreen', 'nodownload'].filter(Boolean).join(' ');
  const preview = w.thumbnailType === 'video_preview' && v.previewUrl;
  const common = `class="hhw-video" playsinline poster="${esc(v.thumbnailUrl)}" aria-label="${label}" controlslist="${list}"${ctl.fullscreenSwitch ? '' : ' disablepictureinpicture'}${ctl.volumeSwitch ? '' : ' muted'}`;
  if (preview) {
    return `<video ${common} src="${esc(v.previewUrl as string)}" muted autoplay loop preload="metadata" data-full="${esc(v.playbackUrl)}" data-controls="${ctl.playbarSwitch ? 1 : 0}" data-sound="${ctl.volumeSwitch ? 1 : 0}"></video><button type="button" class="hhw-play" aria-label="Play ${label}">&#9654;</button>`;
  }
  return `<video ${common} src="${esc(v.playbackUrl)}" preload="none"${ctl.playbarSwitch ? ' controls' : ' tabindex="0" data-toggle="1"'}></video>`;
}

/** The widget's inner markup; nothing at all when there is no widget or no video to show. */
export function renderWidget(data: EmbedData): string {
  const w = data.widget;
  if (!w) return '';
  const cards = data.profiles
    .filter((p) => p.videos.length > 0)
    .map((p) => {
      const v = p.videos[0];
      const name = esc(`${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim());
      const role = [p.title, p.department].filter(Boolean).map(esc).join(' · ');
      const share =
        w.videoControls.shareSwitch && data.meetTheTeamUrl
          ? `<a class="hhw-share" href="${esc(data.meetTheTeamUrl)}#profile-${esc(p._id)}" target="_blank" rel="noopener">Share</a>`
          : '';
      return `<li class="hhw-card"><div class="hhw-media">${videoTag(w, p, v)}</div><div class="hhw-text"><h3 class="hhw-name">${name}</h3>${role ? `<p class="hhw-role">${role}</p>` : ''}${share}</div></li>`;
    })
    .join('');
  if (!cards) return '';
  // The horizontal list scrolls sideways: focusable, so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
  const scrolls = w.orientation !== 'vertical';
  const more =
    data.meetTheTeamUrl && w.viewMoreButtonText
      ? `<a class="hhw-more" href="${esc(data.meetTheTeamUrl)}" target="_blank" rel="noopener">${esc(w.viewMoreButtonText)}</a>`
      : '';
  return `<style>${widgetCss(w)}</style><section class="hhw" data-hh-widget-root aria-label="${esc(w.widgetTitleText || 'Meet the team')}">${w.widgetTitleText ? `<h2 class="hhw-title">${esc(w.widgetTitleText)}</h2>` : ''}<ul class="hhw-list"${scrolls ? ' tabindex="0"' : ''}>${cards}</ul>${more}</section>`;
}

/**
 * Puts a widget font's `@font-face` rules (site-css.ts widgetFont) in the page's own head, once per
 * set of rules: browsers ignore `@font-face` inside a Shadow DOM, where the script embed and the
 * portal's preview draw the widget. The widget's styles then name the family as usual.
 */
export function addFontFaces(doc: Document, css: string): void {
  if (!css) return;
  for (const el of doc.querySelectorAll<HTMLStyleElement>('style[data-hh-widget-fonts]')) if (el.textContent === css) return;
  const style = doc.createElement('style');
  style.dataset.hhWidgetFonts = '';
  style.textContent = css;
  doc.head.appendChild(style);
}

/** Behaviour: a preview plays muted until its play button swaps in the full video; a video without a play bar toggles on click/Enter/Space. */
export function wire(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('.hhw-play').forEach((btn) => {
    btn.addEventListener('click', () => {
      const video = btn.previousElementSibling as HTMLVideoElement | null;
      if (!video?.dataset.full) return;
      video.loop = false;
      video.src = video.dataset.full;
      video.muted = video.dataset.sound !== '1';
      if (video.dataset.controls === '1') video.controls = true;
      else {
        video.tabIndex = 0;
        video.dataset.toggle = '1';
      }
      btn.remove();
      void video.play().catch(() => undefined);
      video.focus();
    });
  });
  root.addEventListener('click', (e) => toggle(e.target));
  root.addEventListener('keydown', (e) => {
    const k = (e as KeyboardEvent).key;
    if ((k === 'Enter' || k === ' ') && toggle(e.target)) e.preventDefault();
  });
}

function toggle(target: EventTarget | null): boolean {
  const v = target as HTMLVideoElement | null;
  if (v?.tagName !== 'VIDEO' || v.dataset.toggle !== '1') return false;
  if (v.paused) void v.play().catch(() => undefined);
  else v.pause();
  return true;
}
