#!/usr/bin/env python3
"""pair.py LEVEL BASEDIR NEWDIR TAG -> /work/paired-TAG-LEVEL/<doc>/{X,Y}.md + /work/paired-keys-TAG-LEVEL.json"""
import json, os, random, re, shutil, sys
level, base, new, tag = sys.argv[1:5]
out = f"/work/paired-{tag}-{level}"
os.makedirs(out, exist_ok=True)
rng = random.Random(os.urandom(8))
keys = {}
def body(p):
    t = open(p, encoding="utf-8").read()
    return re.sub(r"generated in \d+ ms", "generated in N ms", t)
for f in sorted(os.listdir(base)):
    p = os.path.join(base, f)
    if not os.path.isfile(p) or not f.endswith(".md"):
        continue
    q = os.path.join(new, f)
    if not os.path.exists(q):
        print("missing in new:", f); continue
    doc = f[:-3]
    if doc.endswith(".md") or doc.endswith(".csv"):
        doc = doc.rsplit(".", 1)[0]
    d = os.path.join(out, doc); os.makedirs(d, exist_ok=True)
    single = body(p) == body(q)
    if rng.random() < 0.5:
        x, y, kx, ky = p, q, "baseline", "new"
    else:
        x, y, kx, ky = q, p, "new", "baseline"
    shutil.copy(x, os.path.join(d, "X.md")); shutil.copy(y, os.path.join(d, "Y.md"))
    keys[doc] = {"X": kx, "Y": ky, "single": single}
    print(doc, "single" if single else "pair")
json.dump(keys, open(f"/work/paired-keys-{tag}-{level}.json", "w"), indent=1, ensure_ascii=False)
