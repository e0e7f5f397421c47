/**
 * The only JavaScript on a job page (well under 1 KB): solves the ALTCHA challenge with WebCrypto
 * when the visitor starts filling in the apply form, and before submitting if not done yet. The
 * challenge is fetched then from the form's `data-challenge-url` (one per visitor, never part of the
 * cached page; sites/page-reply.ts).
 * Mirrors altcha-lib's SHA algorithm: key = SHA-256^cost(salt || nonce || uint32be(counter)).
 */
export const ALTCHA_SCRIPT = `(()=>{const f=document.getElementById('apply');if(!f||!window.crypto||!crypto.subtle||!f.dataset.challengeUrl)return;const o=f.querySelector('[name=altcha]'),b=s=>new Uint8Array(s.match(/../g).map(x=>parseInt(x,16))),hx=a=>Array.from(new Uint8Array(a),x=>x.toString(16).padStart(2,'0')).join('');let w;
const solve=()=>w||(w=(async()=>{const c=await(await fetch(f.dataset.challengeUrl,{cache:'no-store'})).json(),p=c.parameters,s=b(p.salt),n=b(p.nonce),u=new Uint8Array(s.length+n.length+4);u.set(s);u.set(n,s.length);const d=new DataView(u.buffer);for(let i=0;i<1e6;i++){d.setUint32(s.length+n.length,i);let k=await crypto.subtle.digest('SHA-256',u);for(let j=1;j<p.cost;j++)k=await crypto.subtle.digest('SHA-256',k);const h=hx(k).slice(0,p.keyLength*2);if(h.startsWith(p.keyPrefix)){o.value=btoa(JSON.stringify({challenge:c,solution:{counter:i,derivedKey:h}}));return}}})().catch(()=>{w=null}));
f.addEventListener('focusin',solve,{once:true});f.addEventListener('submit',e=>{if(o.value)return;e.preventDefault();Promise.resolve(solve()).then(()=>f.submit())})})();`;

/**
 * The apply form's keeping, a few hundred bytes: the Apply buttons jump to the form and
 * focus its first field; what the visitor types is kept in sessionStorage until they send it; the
 * chosen resume is kept in IndexedDB from the moment it is chosen (a write started only at submit
 * may not finish before the page is replaced), and put back into the file input if the server
 * answers with errors (DataTransfer, where the browser allows it; otherwise the
 * server's note asks for the file again). The thank-you page deletes the kept file, and so does
 * leaving the page without sending the form.
 */
export const APPLY_SCRIPT = `(()=>{const f=document.getElementById('apply');if(!f)return;const K='apply:'+f.dataset.job,r=f.querySelector('#resume'),n=document.getElementById('resume-note'),skip=/^(altcha|g-recaptcha|tracking_)/;
const first=()=>f.querySelector('input:not([type=hidden]),select,textarea');
document.querySelectorAll('a[data-jump]').forEach(a=>a.addEventListener('click',e=>{e.preventDefault();f.scrollIntoView({block:'start'});history.replaceState(null,'','#apply');const x=first();x&&x.focus({preventScroll:true})}));
let d={};try{d=JSON.parse(sessionStorage.getItem(K)||'{}')}catch(e){}
for(const el of f.elements){if(!el.name||skip.test(el.name)||el.type==='file'||el.type==='hidden'||!(el.name in d))continue;if(el.type==='radio'){if(!f.querySelector('[name="'+el.name+'"]:checked')&&d[el.name]===el.value)el.checked=true}else if(!el.value)el.value=d[el.name]}
const save=()=>{const o={};new FormData(f).forEach((v,k)=>{if(typeof v==='string'&&!skip.test(k))o[k]=v});try{sessionStorage.setItem(K,JSON.stringify(o))}catch(e){}};f.addEventListener('input',save);f.addEventListener('change',save);
const st=(m,fn)=>new Promise((ok,no)=>{const q=indexedDB.open('apply',1);q.onupgradeneeded=()=>q.result.createObjectStore('f');q.onerror=()=>no(q.error);q.onsuccess=()=>{const t=q.result.transaction('f',m),g=fn(t.objectStore('f'));t.oncomplete=()=>ok(g.result);t.onerror=()=>no(t.error)}});
const keep=()=>{const x=r&&r.files[0];if(x&&window.indexedDB)return st('readwrite',s=>s.put(x,K)).catch(()=>{})};let sent=false;r&&r.addEventListener('change',keep);
f.addEventListener('submit',()=>{sent=true;try{sessionStorage.removeItem(K)}catch(e){}keep()});addEventListener('pagehide',()=>{if(!sent&&window.indexedDB)st('readwrite',s=>s.delete(K)).catch(()=>{})});
if(f.dataset.failed&&r&&n&&!r.files.length&&window.indexedDB&&window.DataTransfer)st('readonly',s=>s.get(K)).then(x=>{if(!x)return;const t=new DataTransfer();t.items.add(x);r.files=t.files;if(r.files.length)n.textContent='We kept your resume ('+x.name+'). Choose another file to replace it.'}).catch(()=>{})})();`;

/** The thank-you page: the application is sent, so the resume kept for a failed attempt is deleted. */
export const THANK_YOU_SCRIPT = `try{indexedDB.deleteDatabase('apply')}catch(e){}`;
