/**
 * The only JavaScript on a job page (well under 1 KB): solves the ALTCHA challenge with WebCrypto
 * when the visitor starts filling in the apply form, and before submitting if not done yet.
 * Mirrors altcha-lib's SHA algorithm: key = SHA-256^cost(salt || nonce || uint32be(counter)).
 */
export const APPLY_SCRIPT = `(()=>{const f=document.getElementById('apply');if(!f||!window.crypto||!crypto.subtle)return;const o=f.querySelector('[name=altcha]'),c=JSON.parse(f.dataset.challenge),p=c.parameters,b=s=>new Uint8Array(s.match(/../g).map(x=>parseInt(x,16))),hx=a=>Array.from(new Uint8Array(a),x=>x.toString(16).padStart(2,'0')).join('');let w;
const solve=()=>w||(w=(async()=>{const s=b(p.salt),n=b(p.nonce),u=new Uint8Array(s.length+n.length+4);u.set(s);u.set(n,s.length);const d=new DataView(u.buffer);for(let i=0;i<1e6;i++){d.setUint32(s.length+n.length,i);let k=await crypto.subtle.digest('SHA-256',u);for(let j=1;j<p.cost;j++)k=await crypto.subtle.digest('SHA-256',k);const h=hx(k).slice(0,p.keyLength*2);if(h.startsWith(p.keyPrefix)){o.value=btoa(JSON.stringify({challenge:c,solution:{counter:i,derivedKey:h}}));return}}})());
f.addEventListener('focusin',solve,{once:true});f.addEventListener('submit',e=>{if(o.value)return;e.preventDefault();solve().then(()=>f.submit())})})();`;
