#!/usr/bin/env python3
"""tally.py TAG LEVEL -> per doc and per language: baseline vs new acceptable/asked"""
import json, re, sys, os
tag, level = sys.argv[1:3]
keys = json.load(open(f"/work/paired-keys-{tag}-{level}.json"))
gdir = f"/work/grades-{tag}/{level}"
tot = {}
for doc, k in sorted(keys.items()):
    res = {}
    for side in ("X", "Y"):
        p = os.path.join(gdir, f"{doc}.{side}.grade.md")
        if not os.path.exists(p):
            continue
        m = re.search(r"asked:\s*(\d+)\s*·\s*produced:\s*(\d+)\s*·\s*acceptable:\s*(\d+)", open(p, encoding="utf-8").read())
        if m: res[k[side]] = tuple(map(int, m.groups()))
    if k.get("single") and len(res) == 1:
        v = list(res.values())[0]; res = {"baseline": v, "new": v}
    if len(res) < 2:
        print(f"{doc}: incomplete {res}"); continue
    lang = "zh" if "TAITA" in doc else doc[:2]
    for ver, (a, p, ok) in res.items():
        t = tot.setdefault((lang, ver), [0, 0, 0]); t[0] += a; t[1] += p; t[2] += ok
    print(f"{doc}: baseline {res['baseline'][2]}/{res['baseline'][0]} (prod {res['baseline'][1]})  new {res['new'][2]}/{res['new'][0]} (prod {res['new'][1]}){'  single' if k.get('single') else ''}")
for (lang, ver), (a, p, ok) in sorted(tot.items()):
    print(f"{lang} {ver}: {ok}/{a} = {100*ok/a:.1f}% (produced {p})")
