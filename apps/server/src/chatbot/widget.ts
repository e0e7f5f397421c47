import { chatbotRoutes } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { escapeHtml as esc } from '@hh/html/escape';
import type { ClientRow } from '../public-jobs/index.ts';
import { chatbotOn } from './chat-client.ts';

/**
 * The chat launcher on the client's career pages (docs/chatbot.md), when its chatbot integration is
 * on: our own markup, CSS and one small script that the page carries with the response's CSP nonce
 * (no third-party script, no event-handler attributes). A button opens a labelled panel (Escape
 * closes it and focus returns to the button); the conversation is a polite live region; questions,
 * the visitor's details (with the consent sentence the server records) and the time to book are
 * ordinary forms with labels, so keyboards and screen readers use them like any other form.
 * Everything the chat says comes from the chatbot's public calls.
 */
export interface ChatWidget {
  markup: string;
  script: string;
}

const S = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The launcher for one page: none when the chatbot is off, or on a job page unless its "Also on job pages" switch is on. */
export function chatbotWidget(
  client: Pick<ClientRow, 'name' | 'nameSlug' | 'integrations'>,
  page: { privacyUrl: string; jobPage: boolean },
): ChatWidget | null {
  if (!chatbotOn(client)) return null;
  const settings = (client.integrations as Record<string, Record<string, unknown>>).chatbot ?? {};
  if (page.jobPage && settings.showOnJobPages !== true) return null;
  const privacyUrl = page.privacyUrl;
  const bot = S(settings.botName).slice(0, 60) || 'Career assistant';
  const greeting = S(settings.greeting).slice(0, 300) || `Hi! I can tell you about jobs at ${client.name}, pay and benefits, and book you a short interview.`;
  const e = esc;
  const markup = `<div class="hh-chat" id="hh-chat" data-slug="${e(client.nameSlug)}" data-ask="${e(chatbotRoutes.ask.path)}" data-slots="${e(chatbotRoutes.slots.path)}" data-candidate="${e(chatbotRoutes.saveCandidate.path)}" data-book="${e(chatbotRoutes.book.path)}" data-greeting="${e(greeting)}">
<button type="button" class="hh-chat-open" aria-expanded="false" aria-controls="hh-chat-panel">Chat with ${e(bot)}</button>
<section id="hh-chat-panel" class="hh-chat-panel" role="dialog" aria-labelledby="hh-chat-title" hidden>
<div class="hh-chat-head"><h2 id="hh-chat-title">${e(bot)} · ${e(client.name)}</h2><button type="button" class="hh-chat-close" aria-label="Close the chat">×</button></div>
<div class="hh-chat-log" role="log" aria-live="polite" aria-label="Conversation"></div>
<form class="hh-chat-ask" novalidate><label for="hh-chat-q">Your question</label><div class="hh-chat-row"><input id="hh-chat-q" name="q" autocomplete="off" maxlength="300" placeholder="Ask about jobs, pay or benefits"><button type="submit">Send</button></div></form>
<button type="button" class="hh-chat-more" data-show="details">Leave my details for an interview</button>
<form class="hh-chat-details" novalidate hidden aria-label="Your details">
<label for="hh-chat-first">First name</label><input id="hh-chat-first" name="firstName" autocomplete="given-name" maxlength="100" required>
<label for="hh-chat-last">Last name</label><input id="hh-chat-last" name="lastName" autocomplete="family-name" maxlength="100" required>
<label for="hh-chat-email">Email</label><input id="hh-chat-email" name="email" type="email" autocomplete="email" maxlength="254" required>
<label for="hh-chat-phone">Phone</label><input id="hh-chat-phone" name="phone" type="tel" autocomplete="tel" maxlength="40" required>
<div class="hh-chat-consent"><input id="hh-chat-consent" name="consent" type="checkbox" required><label for="hh-chat-consent">${e(messages.privacy.consentSentence(client.name))} <a href="${e(privacyUrl)}">Read the ${e(messages.privacy.noticeLinkText)}</a>.</label></div>
<p class="hh-chat-error" role="alert"></p><button type="submit">Save my details</button></form>
<form class="hh-chat-book" novalidate hidden aria-label="Choose an interview time"><fieldset><legend>Choose a time</legend><div class="hh-chat-times"></div></fieldset><p class="hh-chat-error" role="alert"></p><button type="submit">Book this time</button></form>
</section></div>
<style>.hh-chat{position:fixed;right:1rem;bottom:1rem;z-index:50;font:inherit;max-width:calc(100vw - 2rem)}.hh-chat button{font:inherit;cursor:pointer;border-radius:.5rem;border:1px solid #0b4f94;background:#0b5cad;color:#fff;padding:.55rem .9rem;min-height:44px}.hh-chat .hh-chat-close,.hh-chat .hh-chat-more{background:#fff;color:#0b4f94}.hh-chat-open{box-shadow:0 4px 14px rgba(0,0,0,.25)}.hh-chat-panel{position:fixed;right:1rem;bottom:1rem;width:min(24rem,calc(100vw - 2rem));max-height:min(40rem,calc(100vh - 2rem));overflow:auto;background:#fff;color:#1a1a1a;border:1px solid #8a8a8a;border-radius:.75rem;box-shadow:0 8px 30px rgba(0,0,0,.3);padding:.75rem;display:flex;flex-direction:column;gap:.5rem}.hh-chat-panel[hidden],.hh-chat [hidden]{display:none}.hh-chat-head{display:flex;justify-content:space-between;align-items:center;gap:.5rem}.hh-chat-head h2{font-size:1rem;margin:0}.hh-chat-log{display:flex;flex-direction:column;gap:.4rem}.hh-chat-log>p{margin:0;padding:.45rem .6rem;border-radius:.6rem;background:#eef3f8;max-width:90%}.hh-chat-log>p.me{align-self:flex-end;background:#0b5cad;color:#fff}.hh-chat-log a{color:#0b4f94}.hh-chat-log ul{margin:.3rem 0 0;padding-left:1.1rem}.hh-chat form{display:flex;flex-direction:column;gap:.3rem}.hh-chat label{font-weight:600;font-size:.9rem}.hh-chat input:not([type=checkbox]):not([type=radio]){font:inherit;padding:.45rem;border:1px solid #6b6b6b;border-radius:.4rem;min-height:44px;width:100%;box-sizing:border-box}.hh-chat-row{display:flex;gap:.4rem}.hh-chat-consent{display:flex;gap:.5rem;align-items:flex-start}.hh-chat-consent label{font-weight:400;font-size:.85rem}.hh-chat-consent input{width:1.2rem;height:1.2rem;flex:none;margin-top:.15rem}.hh-chat fieldset{border:0;padding:0;margin:0}.hh-chat legend{font-weight:600;font-size:.9rem;margin-bottom:.3rem}.hh-chat-times{display:flex;flex-direction:column;gap:.2rem}.hh-chat-times label{font-weight:400;display:flex;gap:.5rem;align-items:center;min-height:32px}.hh-chat-error{color:#b00020;margin:0;font-size:.9rem}.hh-chat-error:empty{display:none}</style>`;
  return { markup, script: CHAT_SCRIPT };
}

/** The chat's behaviour (about 3 KB): plain DOM and fetch, same-origin calls only. */
export const CHAT_SCRIPT = `(()=>{const w=document.getElementById('hh-chat');if(!w)return;const d=w.dataset,$=s=>w.querySelector(s),open=$('.hh-chat-open'),panel=$('#hh-chat-panel'),log=$('.hh-chat-log'),ask=$('.hh-chat-ask'),more=$('.hh-chat-more'),det=$('.hh-chat-details'),book=$('.hh-chat-book');let token=null,greeted=false;
const say=(text,me,jobs)=>{const li=document.createElement('p');if(me)li.className='me';li.textContent=text;if(jobs&&jobs.length){const ul=document.createElement('ul');ul.setAttribute('aria-label','Jobs');for(const j of jobs){const x=document.createElement('li');const a=document.createElement('a');a.href=j.url;a.textContent=j.title;x.append(a,document.createTextNode(' — '+j.facts));ul.append(x)}li.append(ul)}log.append(li);li.scrollIntoView({block:'nearest'})};
const problem=r=>r.json().then(b=>{const m=b&&b.errorMsg?Object.values(b.errorMsg).flat()[0]:null;throw new Error(m||'Something went wrong. Please try again.')},()=>{throw new Error(r.status===429?'Too many messages at once. Please wait a minute.':'Something went wrong. Please try again.')});
const call=(path,q,body)=>fetch(path+(q?'?'+new URLSearchParams(q):''),body?{method:'POST',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify(body)}:{headers:{accept:'application/json'}}).then(r=>r.ok?r.json():problem(r));
const show=on=>{panel.hidden=!on;open.hidden=on;open.setAttribute('aria-expanded',String(on));if(on){if(!greeted){greeted=true;say(d.greeting)}$('#hh-chat-q').focus()}else open.focus()};
open.addEventListener('click',()=>show(true));$('.hh-chat-close').addEventListener('click',()=>show(false));panel.addEventListener('keydown',e=>{if(e.key==='Escape')show(false)});
ask.addEventListener('submit',e=>{e.preventDefault();const i=$('#hh-chat-q'),q=i.value.trim();if(!q)return;say(q,true);i.value='';call(d.ask,{nameSlug:d.slug,q}).then(r=>say(r.answer,false,r.jobs),x=>say(x.message))});
more.addEventListener('click',()=>{more.hidden=true;det.hidden=false;$('#hh-chat-first').focus()});
const err=(f,m)=>{f.querySelector('.hh-chat-error').textContent=m||''};
det.addEventListener('submit',e=>{e.preventDefault();err(det);const f=new FormData(det),b={nameSlug:d.slug,firstName:f.get('firstName'),lastName:f.get('lastName'),email:f.get('email'),phone:f.get('phone'),consent:f.get('consent')==='on'};
call(d.candidate,null,b).then(r=>{token=r.candidateToken;det.hidden=true;say(r.message);return call(d.slots,{nameSlug:d.slug})}).then(s=>{if(!s)return;const box=book.querySelector('.hh-chat-times');box.textContent='';
if(!s.slots.length){say('There are no interview times open right now. A recruiter will get in touch with you.');return}book.querySelector('legend').textContent='Choose a time ('+s.timeZone.replace(/_/g,' ')+')';
s.slots.forEach((t,i)=>{const id='hh-chat-t'+i,l=document.createElement('label'),r=document.createElement('input');r.type='radio';r.name='start';r.value=t.start;r.id=id;if(!i)r.checked=true;l.htmlFor=id;l.append(r,document.createTextNode(t.label));box.append(l)});book.hidden=false;box.querySelector('input').focus()},x=>err(det,x.message))});
book.addEventListener('submit',e=>{e.preventDefault();err(book);const c=book.querySelector('input[name=start]:checked');if(!c){err(book,'Choose one of the times offered.');return}call(d.book,null,{nameSlug:d.slug,candidateToken:token,start:c.value}).then(r=>{book.hidden=true;say(r.message);if(r.manageUrl){const p=document.createElement('p'),a=document.createElement('a');a.href=r.manageUrl;a.textContent='Reschedule or cancel this interview';p.append(a);log.append(p)}$('#hh-chat-q').focus()},x=>err(book,x.message))})})();`;
