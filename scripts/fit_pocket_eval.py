#!/usr/bin/env python3
# Fits the weights of a logistic win-probability model on the CSV written by
#   POCKET_FIT_GAMES=1500 build/release/tests/test_pocket_ai --gtest_also_run_disabled_tests \
#     --gtest_filter='PocketEvalFit.DISABLED_WriteFeatures'
# (battle features of heuristic self-play, games/pocket/evaluate.h PocketBattleFeatures) and
# compares its held-out accuracy with the sign of the current PocketEvaluate (docs/ai.md).
# Pure Python (no numpy in the archive set we use): batch gradient descent.
import csv, math, random
rows=[]
for r in csv.DictReader(open('/tmp/pocket_features.csv')):
    x=[float(r[k]) for k in ('prog_me','prog_them','power','markers','units')]
    y=int(r['win'])
    rows.append((int(r['game']),x,y))
    # seat-swapped copy: features of seat 1 = swap progress, negate balances
    rows.append((int(r['game']),[x[1],x[0],-x[2],-x[3],-x[4]],1-y))
games=sorted(set(g for g,_,_ in rows)); random.seed(1); random.shuffle(games)
test=set(games[:len(games)//5])
tr=[(x,y) for g,x,y in rows if g not in test]; te=[(x,y) for g,x,y in rows if g in test]
def feats(x): return [x[0]-x[1], x[2], x[3], x[4], x[0]*x[0]-x[1]*x[1]]
def loss(w,data):
    L=0;acc=0
    for x,y in data:
        z=sum(a*b for a,b in zip(w,feats(x))); p=1/(1+math.exp(-z))
        L-= y*math.log(max(p,1e-12))+(1-y)*math.log(max(1-p,1e-12)); acc+= (p>0.5)==(y==1)
    return L/len(data), acc/len(data)
w=[0.0]*5; lr=0.5
for it in range(300):
    g=[0.0]*5
    for x,y in tr:
        f=feats(x); z=sum(a*b for a,b in zip(w,f)); p=1/(1+math.exp(-z))
        for i in range(5): g[i]+=(p-y)*f[i]
    w=[wi-lr*gi/len(tr) for wi,gi in zip(w,g)]
print("w",[round(v,3) for v in w]); print("train",loss(w,tr)); print("test",loss(w,te))
# current eval as logit-ish: compare accuracy of sign of current eval
acc=sum(((0.6*(x[0]-x[1])+0.3*x[2]+0.1*x[3])>0)==(y==1) for x,y in te)/len(te); print("current eval sign acc", acc)
