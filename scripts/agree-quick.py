#!/usr/bin/env python3
# Quick agreement check of `fresnel check` with the manifest (piglit and glslang rows), using the
# release CLI. Usage: scripts/agree-quick.py [piglit|glslang]; writes /tmp/agree.json with the
# false accepts (fa) and false rejects (fr). The official harness is crates/fresnel-corpus.
import subprocess, sys, os, re, collections, json
root='/work/shared/corpus'
rows=[l.rstrip('\n').split('\t') for l in open(root+'/manifest.tsv')][1:]
src=sys.argv[1] if len(sys.argv)>1 else None
exe=os.environ.get('FRESNEL','/work/main/target/release/fresnel')
modes={}
for l in open(root+'/glslang/test-modes.tsv').read().split('\n')[1:]:
    c=l.split('\t')
    if len(c)<5: continue
    for f in re.split('[ ,]',c[0]):
        if f: modes['glslang/Test/'+f]=(c[4], 'Preprocess' in l, c[5])
res=collections.Counter(); fa=[]; fr=[]
for path,stage,ver,exp,basis in rows:
    s=path.split('/')[0]
    if s not in ('piglit','glslang') or exp not in ('pass','fail'): continue
    if src and s!=src: continue
    if 'check_link' in basis or 'link-error-only' in basis or 'multi-file' in basis: continue
    args=[exe,'check',root+'/'+path,'--color','never']
    if stage in ('vert','frag','geom','comp','tesc','tese','rgen','rchit','rahit','rmiss','rint','rcall','mesh','task'): args+=['-S',stage]
    m=modes.get(path)
    if m and m[1]: continue
    if m and m[0]=='Vulkan':
        minor=m[2].rsplit('_',1)[-1] if m[2].startswith('Vulkan_1_') else '0'
        args+=['--target-env','vulkan1.'+minor]
    if s=='glslang' and ver=='none':
        # glslang's own harness compiles shaders without #version as GLSL ES 1.00.
        args+=['--glsl-version','100es']
    if s=='piglit':
        t=open(root+'/'+path,errors='replace').read()
        mm=re.search(r'glsl_version:\s*([0-9.]+)\s*(es)?',t)
        if mm and '#version' not in t:
            v=int(round(float(mm.group(1))*100))
            if v in (100,300,310,320): args+=['--glsl-version', f'{v}es']
            else: args+=['--glsl-version', str(v)]
    r=subprocess.run(args,capture_output=True,text=True)
    ok = r.returncode==0
    if ok and exp=='pass': res[s,'agree']+=1
    elif not ok and exp=='fail': res[s,'agree']+=1
    elif ok and exp=='fail': res[s,'false_accept']+=1; fa.append(path)
    else:
        res[s,'false_reject']+=1; first=r.stderr.split('\n')[0]; fr.append((path,first))
for k,v in sorted(res.items()): print(k,v)
json.dump({'fa':fa,'fr':fr},open(os.environ.get('AGREE_OUT','/tmp/agree.json'),'w'),indent=1)
