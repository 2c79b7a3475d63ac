import * as XLSX from '@e965/xlsx';
import { withCheckDigit } from '../shared/src/cards/card-rules.ts';
const data=[['Card Number','CVV','Expiry Month','Expiry Year']];
for (let i=0;i<100000;i++){ let b='4'; while(b.length<15) b+=String(Math.floor(Math.random()*10)); data.push([withCheckDigit(b),'123','12','2030']); }
const book=XLSX.utils.book_new(); XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data),'C');
const file=XLSX.write(book,{type:'buffer',bookType:'xlsx',compression:true});
data.length=0; (global as any).gc(); 
const m=(l:string)=>{const u=process.memoryUsage(); console.log(l,'rss',Math.round(u.rss/1e6),'heapUsed',Math.round(u.heapUsed/1e6),'heapTotal',Math.round(u.heapTotal/1e6),'ext',Math.round(u.external/1e6));};
m('before');
let peak=0; const iv=setInterval(()=>{peak=Math.max(peak,process.memoryUsage().rss)},5);
const wb=XLSX.read(file,{type:'buffer',sheets:0,dense:true,cellFormula:false,cellHTML:false,cellStyles:false,cellText:false});
m('after read'); (global as any).gc(); m('after gc (workbook live)');
