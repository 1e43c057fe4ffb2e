//! opt_matrix_reassociate: `(A * B) * v` becomes `A * (B * v)`.
//!
//! The lowering writes a matrix-vector product `M * v` as the sum `M[0] * v.x + M[1] * v.y +
//! ...` (a left-leaning chain of `fadd`s over `fmul`s of a column by a broadcast component,
//! a term whose coefficient is the constant 1 being the column alone), and a matrix product
//! `A * B` as one such product per column, `(A * B)[k] = A * B[k]`. When the columns of a
//! matrix product are read only by one matrix-vector product, as in
//! `projection * view * model * position`, the product
//! `sum_k (sum_i A[i] * B[k][i]) * v[k]` is rewritten as `sum_i A[i] * w[i]` with
//! `w = sum_k B[k] * v[k]`: two matrix-vector products instead of a matrix product and a
//! matrix-vector product (for 4x4 matrices 14 instructions instead of 35). Applied again,
//! a chain of products becomes a chain of matrix-vector products.
//!
//! Likewise `v * (A * B)`, written as `vecN(dot(v, C[0]), dot(v, C[1]), ...)` over the
//! product's columns `C[k] = sum_i A[i] * B[k][i]`, becomes `(v * A) * B`: with
//! `u = vec(dot(v, A[0]), dot(v, A[1]), ...)`, component k is `dot(u, B[k])`.
//!
//! This reassociates floating-point sums and products, which GLSL allows for operations not
//! marked `precise`: nothing `exact` is touched, nor values with flags (relaxed precision
//! or non-uniform), so the rewritten arithmetic has the precision of the original.

use fresnel_ir::{AluOp, AluSrc, Builder, Function, InstrId, InstrKind, Shader, ValueId};

use crate::{for_each_function, Pass};

pub struct MatrixReassociate;

impl Pass for MatrixReassociate {
    fn name(&self) -> &'static str {
        "opt_matrix_reassociate"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, types| {
            let mut progress = false;
            for id in f.instrs_in_order() {
                if f.instrs[id].removed {
                    continue;
                }
                if let Some(vm) = find_vec_mat(f, id) {
                    progress |= rewrite_vec_mat(f, types, id, vm);
                    continue;
                }
                let Some(plan) = find(f, id) else {
                    continue;
                };
                let InstrKind::Alu(root) = &f.instrs[id].kind else {
                    continue;
                };
                let (dest, bits) = (root.dest, f.values[root.dest].bit_size);
                let n = f.values[dest].num_components;
                let m = plan.a_cols.len() as u8;
                let mut b = Builder::before(f, types, id);
                // w = sum_k B[k] * s[k] (m components).
                let mut w: Option<ValueId> = None;
                for (bk, s) in &plan.outer {
                    let term = match s {
                        Some(s) => b.alu_full(AluOp::Fmul, bits, m, &[*bk, *s], false),
                        None => b.alu_full(AluOp::Mov, bits, m, &[*bk], false),
                    };
                    w = Some(match w {
                        None => term,
                        Some(acc) => b.alu_full(
                            AluOp::Fadd,
                            bits,
                            m,
                            &[AluSrc::new(acc), AluSrc::new(term)],
                            false,
                        ),
                    });
                }
                let Some(w) = w else { continue };
                // r = sum_i A[i] * w[i].
                let mut r: Option<ValueId> = None;
                for (i, a) in plan.a_cols.iter().enumerate() {
                    let term = b.alu_full(
                        AluOp::Fmul,
                        bits,
                        n,
                        &[*a, AluSrc::broadcast(w, i as u8)],
                        false,
                    );
                    r = Some(match r {
                        None => term,
                        Some(acc) => b.alu_full(
                            AluOp::Fadd,
                            bits,
                            n,
                            &[AluSrc::new(acc), AluSrc::new(term)],
                            false,
                        ),
                    });
                }
                let Some(r) = r else { continue };
                f.replace_all_uses(dest, r);
                progress = true;
            }
            if progress {
                crate::opt_dce::dce(f);
            }
            progress
        })
    }
}

/// What to build for one `(A * B) * v`.
struct Plan {
    /// The columns of A, each read for the result's components.
    a_cols: Vec<AluSrc>,
    /// Per column k of B: B[k] read for A's column count, and the coefficient `v[k]`
    /// (broadcast; None: 1).
    outer: Vec<(AluSrc, Option<AluSrc>)>,
}

/// A term of a sum: a vector, times a broadcast scalar (None: times 1).
type Term = (AluSrc, Option<AluSrc>);

/// The ALU instruction defining `v`, if plain (not exact, no value flags).
fn plain_alu(f: &Function, v: ValueId, op: AluOp) -> Option<&fresnel_ir::Alu> {
    match &f.def(v).kind {
        InstrKind::Alu(a) if a.op == op && !a.exact && f.flags(v).is_empty() => Some(a),
        _ => None,
    }
}

fn identity(s: &AluSrc, n: u8) -> bool {
    s.swizzle[..usize::from(n)]
        .iter()
        .enumerate()
        .all(|(i, &c)| usize::from(c) == i)
}

fn broadcast(s: &AluSrc, n: u8) -> bool {
    s.swizzle[..usize::from(n)]
        .iter()
        .all(|&c| c == s.swizzle[0])
}

fn single_use(f: &Function, v: ValueId) -> bool {
    f.values[v].uses.len() == 1
}

/// The terms of the sum defining `v` (`n` components): the leaves of its left-leaning
/// `fadd` chain (inner `fadd`s read only by the chain), in order.
fn sum_terms(f: &Function, v: ValueId, n: u8) -> Option<Vec<Term>> {
    let mut leaves: Vec<AluSrc> = Vec::new();
    let mut cur = plain_alu(f, v, AluOp::Fadd)?;
    loop {
        if !identity(&cur.srcs[0], n) || !identity(&cur.srcs[1], n) {
            return None;
        }
        leaves.push(cur.srcs[1]);
        let left = cur.srcs[0].value;
        match plain_alu(f, left, AluOp::Fadd) {
            Some(a) if single_use(f, left) && f.values[left].num_components == n => cur = a,
            _ => {
                leaves.push(cur.srcs[0]);
                break;
            }
        }
        if leaves.len() > 16 {
            return None;
        }
    }
    leaves.reverse();
    leaves
        .into_iter()
        .map(|s| {
            let term = plain_alu(f, s.value, AluOp::Fmul)
                .filter(|_| single_use(f, s.value))
                .and_then(|m| {
                    let (x, y) = (m.srcs[0], m.srcs[1]);
                    if broadcast(&y, n) && !broadcast(&x, n) {
                        Some((x, Some(y)))
                    } else if broadcast(&x, n) && !broadcast(&y, n) {
                        Some((y, Some(x)))
                    } else {
                        None
                    }
                });
            Some(term.unwrap_or((s, None)))
        })
        .collect()
}

/// `sum_k C[k] * s[k]` at `root` where every `C[k] = sum_i A[i] * B[k][i]` is read only there.
fn find(f: &Function, root: InstrId) -> Option<Plan> {
    let InstrKind::Alu(r) = &f.instrs[root].kind else {
        return None;
    };
    if r.op != AluOp::Fadd || r.exact || !f.flags(r.dest).is_empty() {
        return None;
    }
    let n = f.values[r.dest].num_components;
    // Only the whole sum: not a partial sum inside a longer chain.
    if single_use(f, r.dest) {
        if let fresnel_ir::Use::Instr { instr, src: 0 } = f.values[r.dest].uses[0] {
            if let InstrKind::Alu(up) = &f.instrs[instr].kind {
                if up.op == AluOp::Fadd
                    && !up.exact
                    && f.flags(up.dest).is_empty()
                    && f.values[up.dest].num_components == n
                    && identity(&up.srcs[0], n)
                    && identity(&up.srcs[1], n)
                {
                    return None;
                }
            }
        }
    }
    let outer = sum_terms(f, r.dest, n)?;
    if outer.len() < 2 {
        return None;
    }
    let mut a_cols: Option<Vec<AluSrc>> = None;
    let mut plan_outer = Vec::new();
    for (c, s) in &outer {
        // C[k]: an inner product A * B[k] read only by this term.
        let (cols, bk) = inner_product(f, c, n)?;
        match &a_cols {
            None => a_cols = Some(cols),
            Some(prev) => {
                if *prev != cols {
                    return None;
                }
            }
        }
        plan_outer.push((bk, *s));
    }
    let a_cols = a_cols?;
    // The columns of A must not be the B vectors' own sums (nothing is read twice).
    Some(Plan {
        a_cols,
        outer: plan_outer,
    })
}

/// `vecN(dot(v, C[0]), ...)` over the columns of a matrix product `C = A * B`.
struct VecMat {
    v: AluSrc,
    /// The columns of A, read for the dot products' size.
    a_cols: Vec<AluSrc>,
    /// Per result component k, B[k] read for A's column count (None: the component is
    /// something else and stays).
    b_cols: Vec<Option<AluSrc>>,
    /// The size of the dot products (A's rows).
    dot_n: u8,
}

fn dot_op(n: u8) -> Option<AluOp> {
    match n {
        2 => Some(AluOp::Fdot2),
        3 => Some(AluOp::Fdot3),
        4 => Some(AluOp::Fdot4),
        _ => None,
    }
}

fn find_vec_mat(f: &Function, root: InstrId) -> Option<VecMat> {
    let InstrKind::Alu(r) = &f.instrs[root].kind else {
        return None;
    };
    if !matches!(r.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4)
        || r.exact
        || !f.flags(r.dest).is_empty()
    {
        return None;
    }
    let mut v: Option<AluSrc> = None;
    let mut dot_n = 0u8;
    let mut a_cols: Option<Vec<AluSrc>> = None;
    let mut b_cols = Vec::new();
    for s in &r.srcs {
        // A component that is no such dot product stays as it is.
        let Some((vs, n, cols, bk)) = dot_of_product(f, s, v.as_ref()) else {
            b_cols.push(None);
            continue;
        };
        if (dot_n != 0 && n != dot_n) || a_cols.as_ref().is_some_and(|p| *p != cols) {
            b_cols.push(None);
            continue;
        }
        dot_n = n;
        v.get_or_insert(vs);
        a_cols.get_or_insert(cols);
        b_cols.push(Some(bk));
    }
    if b_cols.iter().filter(|b| b.is_some()).count() < 2 {
        return None;
    }
    Some(VecMat {
        v: v?,
        a_cols: a_cols?,
        b_cols,
        dot_n,
    })
}

/// `s` as `dot(v, C)` with `C = sum_i A[i] * B[i]` (read only there): v, the dot's size,
/// the columns A[i], and B (read for A's column count). `v`: the vector it must be.
fn dot_of_product(
    f: &Function,
    s: &AluSrc,
    v: Option<&AluSrc>,
) -> Option<(AluSrc, u8, Vec<AluSrc>, AluSrc)> {
    if !single_use(f, s.value) {
        return None;
    }
    let d = match &f.def(s.value).kind {
        InstrKind::Alu(d)
            if matches!(d.op, AluOp::Fdot2 | AluOp::Fdot3 | AluOp::Fdot4)
                && !d.exact
                && f.flags(s.value).is_empty() =>
        {
            d
        }
        _ => return None,
    };
    let n = d.op.info().src_size[0];
    // One operand is v, the other a column C (the one an inner sum defines).
    let (vs, c) = match v {
        Some(v0) if d.srcs[0] == *v0 => (d.srcs[0], d.srcs[1]),
        Some(v0) if d.srcs[1] == *v0 => (d.srcs[1], d.srcs[0]),
        Some(_) => return None,
        None if plain_alu(f, d.srcs[1].value, AluOp::Fadd).is_some() => (d.srcs[0], d.srcs[1]),
        None => (d.srcs[1], d.srcs[0]),
    };
    let (cols, b) = inner_product(f, &c, n)?;
    Some((vs, n, cols, b))
}

/// `c` as an inner matrix-vector product `A * b` read only once: a sum of 2 to 4 terms
/// `A[i] * b.comp_i`, all from one vector `b`. Returns A's columns and `b` (swizzled to the
/// components in column order).
fn inner_product(f: &Function, c: &AluSrc, n: u8) -> Option<(Vec<AluSrc>, AluSrc)> {
    if !identity(c, n) || f.values[c.value].num_components != n || !single_use(f, c.value) {
        return None;
    }
    let inner = sum_terms(f, c.value, n)?;
    if !(2..=4).contains(&inner.len()) {
        return None;
    }
    let mut b_value = None;
    let mut comps = [0u8; 4];
    let mut cols = Vec::with_capacity(inner.len());
    for (i, (a, bs)) in inner.iter().enumerate() {
        let bs = (*bs)?;
        if *b_value.get_or_insert(bs.value) != bs.value {
            return None;
        }
        comps[i] = bs.swizzle[0];
        cols.push(*a);
    }
    Some((cols, AluSrc::swizzled(b_value?, comps)))
}

fn rewrite_vec_mat(
    f: &mut Function,
    types: &mut fresnel_ir::Types,
    root: InstrId,
    vm: VecMat,
) -> bool {
    let InstrKind::Alu(r) = &f.instrs[root].kind else {
        return false;
    };
    let (dest, op, old) = (r.dest, r.op, r.srcs.clone());
    let bits = f.values[dest].bit_size;
    let n = f.values[dest].num_components;
    let m = vm.a_cols.len() as u8;
    let (Some(dot_n), Some(dot_m)) = (dot_op(vm.dot_n), dot_op(m)) else {
        return false;
    };
    let mut b = Builder::before(f, types, root);
    let us: Vec<ValueId> = vm
        .a_cols
        .iter()
        .map(|a| b.alu_full(dot_n, bits, 1, &[vm.v, *a], false))
        .collect();
    let u = b.vec(&us);
    let comps: Vec<AluSrc> = vm
        .b_cols
        .iter()
        .zip(&old)
        .map(|(bk, o)| match bk {
            Some(bk) => AluSrc::new(b.alu_full(dot_m, bits, 1, &[AluSrc::new(u), *bk], false)),
            None => *o,
        })
        .collect();
    let new = b.alu_full(op, bits, n, &comps, false);
    f.replace_all_uses(dest, new);
    true
}
