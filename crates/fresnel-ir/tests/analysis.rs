//! Dominance, dominance frontiers, liveness and loop info, on hand-written functions and
//! (for dominance) against a brute-force computation on random shaders.

mod common;

use fresnel_ir::analysis::{DomTree, Liveness, LoopInfo};
use fresnel_ir::*;
use proptest::prelude::*;

const DIAMOND_IN_LOOP: &str = "shader vertex
function fn0 main() {
  block b0:
    %0 = load_const 32x1 (0x0)
    %1 = load_const 32x1 (0x1)
    %9 = load_const 32x1 (0xa)
  loop {
    block b2:
      %2 = phi 32x1 b0: %0, b8: %4, b13: %2
      %3 = ige 1x1 %2.x, %9.x
    if %3 {
      block b4:
        break
    } else {
      block b5:
    }
    block b6:
      %10 = ilt 1x1 %2.x, %1.x
    if %10 {
      block b11:
        %12 = iadd 32x1 %2.x, %1.x
    } else {
      block b13:
        continue
    }
    block b8:
      %4 = iadd 32x1 %12.x, %1.x
  }
  block b3:
    %20 = iadd 32x1 %2.x, %9.x
  block b1 (end):
}
";

fn func(text: &str) -> Function {
    let s = parse(text).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).unwrap_or_else(|e| panic!("{}", e[0]));
    s.functions[FuncId(0)].clone()
}

#[test]
fn dominators_and_frontiers() {
    let f = func(DIAMOND_IN_LOOP);
    let d = DomTree::compute(&f);
    let b = BlockId;
    assert_eq!(d.idom(b(0)), None);
    assert_eq!(d.idom(b(2)), Some(b(0)));
    assert_eq!(d.idom(b(4)), Some(b(2)));
    assert_eq!(d.idom(b(6)), Some(b(5)));
    assert_eq!(d.idom(b(8)), Some(b(11)));
    assert_eq!(d.idom(b(3)), Some(b(4)));
    assert_eq!(d.idom(b(1)), Some(b(3)));
    assert!(d.dominates(b(2), b(8)));
    assert!(d.dominates(b(2), b(2)));
    assert!(!d.strictly_dominates(b(2), b(2)));
    assert!(!d.dominates(b(13), b(8)));
    // The header is where the latches' and the continue's dominance ends.
    assert_eq!(d.frontier(b(8)), &[b(2)]);
    assert_eq!(d.frontier(b(13)), &[b(2)]);
    assert_eq!(d.frontier(b(11)), &[b(2)]);
    assert_eq!(d.frontier(b(6)), &[b(2)]);
    assert_eq!(d.frontier(b(2)), &[b(2)]);
    assert!(d.frontier(b(0)).is_empty());
    assert_eq!(d.iterated_frontier(&[b(11)]), vec![b(2)]);
    assert_eq!(d.reverse_postorder()[0], b(0));
    assert_eq!(d.preorder().len(), d.reverse_postorder().len());
    assert_eq!(d.children(b(0)), &[b(2)]);
}

#[test]
fn unreachable_blocks_are_not_dominated() {
    let f = func(
        "shader vertex
function fn0 main() {
  block b0:
  loop {
    block b2:
      break
  }
  block b3:
    return
  loop {
    block b4:
      continue
  }
  block b5:
  block b1 (end):
}
",
    );
    let d = DomTree::compute(&f);
    assert!(!d.is_reachable(BlockId(4)));
    assert!(!d.is_reachable(BlockId(5)));
    assert!(!d.dominates(BlockId(0), BlockId(4)));
    assert!(d.dominates(BlockId(0), BlockId(1)));
    assert_eq!(d.idom(BlockId(1)), Some(BlockId(3)));
}

#[test]
fn liveness_is_phi_aware() {
    let f = func(DIAMOND_IN_LOOP);
    let l = Liveness::compute(&f);
    let (b, v) = (BlockId, ValueId);
    // %1 and %9 are used in every iteration: live around the loop.
    for blk in [2, 4, 5, 6, 11, 13, 8] {
        assert!(l.is_live_in(b(blk), v(9)), "%9 live into b{blk}");
    }
    assert!(l.is_live_out(b(8), v(1)));
    // The phi's result is defined in b2: not live into it, but live around the body.
    assert!(!l.is_live_in(b(2), v(2)));
    assert!(l.is_live_in(b(6), v(2)));
    assert!(l.is_live_in(b(3), v(2)));
    // The phi's sources are live out of their predecessors only.
    assert!(l.is_live_out(b(0), v(0)));
    assert!(!l.is_live_in(b(2), v(0)));
    assert!(l.is_live_out(b(8), v(4)));
    assert!(!l.is_live_in(b(2), v(4)));
    // %12 lives from b11 to b8; %3 and %10 die at their ifs.
    assert!(l.is_live_out(b(11), v(12)));
    assert!(!l.is_live_in(b(13), v(12)));
    assert!(l.is_live_out(b(2), v(3)) || !l.is_live_in(b(4), v(3)));
    assert!(!l.is_live_in(b(4), v(3)));
    assert!(!l.is_live_in(b(11), v(10)));
    assert!(l.live_in(b(0)).is_empty());
    assert!(l.live_out(b(3)).is_empty());
    assert_eq!(l.live_in(b(3)).iter().collect::<Vec<_>>(), vec![2, 9]);
}

#[test]
fn loop_info_from_the_tree() {
    let f = func(
        "shader vertex
function fn0 main() {
  block b0:
    %0 = load_const 1x1 (0x1)
  loop {
    block b2:
    loop {
      block b4:
      if %0 {
        block b6:
          break
      } else {
        block b7:
      }
      block b8:
    }
    block b5:
    if %0 {
      block b9:
        break
      } else {
      block b10:
        continue
    }
    block b11:
  }
  block b3:
  block b1 (end):
}
",
    );
    let li = LoopInfo::compute(&f);
    assert_eq!(li.loops().len(), 2);
    let outer = &li.loops()[0];
    let inner = &li.loops()[1];
    assert_eq!(outer.header, BlockId(2));
    assert_eq!(outer.depth, 1);
    assert_eq!(outer.parent, None);
    assert_eq!(outer.exit, Some(BlockId(3)));
    assert_eq!(outer.breaks, vec![BlockId(9)]);
    assert_eq!(outer.latches, vec![BlockId(10), BlockId(11)]);
    assert_eq!(inner.header, BlockId(4));
    assert_eq!(inner.parent, Some(outer.id));
    assert_eq!(inner.depth, 2);
    assert_eq!(inner.exit, Some(BlockId(5)));
    assert_eq!(inner.breaks, vec![BlockId(6)]);
    assert_eq!(inner.latches, vec![BlockId(8)]);
    assert_eq!(li.depth(BlockId(6)), 2);
    assert_eq!(li.depth(BlockId(9)), 1);
    assert_eq!(li.depth(BlockId(3)), 0);
    assert!(li.contains(outer.id, BlockId(8)));
    assert!(!li.contains(inner.id, BlockId(9)));
    assert_eq!(li.innermost(BlockId(7)), Some(inner.id));
    assert_eq!(inner.exit_edges, vec![(BlockId(6), BlockId(5))]);
    assert_eq!(outer.exit_edges, vec![(BlockId(9), BlockId(3))]);
}

/// Dominators by the textbook data-flow equations.
fn naive_dominators(f: &Function) -> Vec<Vec<bool>> {
    let n = f.blocks.len();
    let order = f.blocks_in_order();
    let start = f.start_block();
    // Reachability first.
    let mut reach = vec![false; n];
    let mut stack = vec![start];
    reach[start.0 as usize] = true;
    while let Some(b) = stack.pop() {
        for s in f.blocks[b].succs.iter().flatten() {
            if !reach[s.0 as usize] {
                reach[s.0 as usize] = true;
                stack.push(*s);
            }
        }
    }
    let mut dom = vec![vec![true; n]; n];
    dom[start.0 as usize] = vec![false; n];
    dom[start.0 as usize][start.0 as usize] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &order {
            if b == start || !reach[b.0 as usize] {
                continue;
            }
            let mut new = vec![true; n];
            for p in &f.blocks[b].preds {
                if reach[p.0 as usize] {
                    for k in 0..n {
                        new[k] &= dom[p.0 as usize][k];
                    }
                }
            }
            new[b.0 as usize] = true;
            if new != dom[b.0 as usize] {
                dom[b.0 as usize] = new;
                changed = true;
            }
        }
    }
    for b in 0..n {
        if !reach[b] {
            dom[b] = vec![false; n];
        }
    }
    dom
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dominance_matches_brute_force(ops in prop::collection::vec(any::<(u8, u8, u8)>(), 0..150)) {
        let s = common::random_shader(&ops);
        let f = &s.functions[FuncId(0)];
        let d = DomTree::compute(f);
        let naive = naive_dominators(f);
        let blocks = f.blocks_in_order();
        for &a in &blocks {
            for &b in &blocks {
                prop_assert_eq!(d.dominates(a, b), naive[b.0 as usize][a.0 as usize], "{} dom {}", a, b);
            }
        }
        // Frontier definition: b in DF(a) iff a dominates a predecessor of b but does not
        // strictly dominate b.
        for &a in &blocks {
            for &b in &blocks {
                let want = d.is_reachable(b) && f.blocks[b].preds.iter().any(|p| d.dominates(a, *p)) && !d.strictly_dominates(a, b);
                prop_assert_eq!(d.frontier(a).contains(&b), want, "{} in DF({})", b, a);
            }
        }
        // Liveness: equal to the brute-force sets.
        let l = Liveness::compute(f);
        let brute = common::brute_live_in(f);
        for &b in &blocks {
            for v in f.values.keys() {
                prop_assert_eq!(l.is_live_in(b, v), brute[b.0 as usize][v.0 as usize], "{} live into {}", v, b);
            }
        }
        for &b in &blocks {
            for &i in &f.blocks[b].instrs {
                if f.instrs[i].kind.is_phi() { continue; }
                for v in f.instrs[i].kind.srcs() {
                    if f.def(v).block != b {
                        prop_assert!(l.is_live_in(b, v), "{} live into {}", v, b);
                    }
                }
            }
        }
    }
}
