//! GLSL.std.450 instructions re-formed from the ALU code the lowering expands them to.
//!
//! The IR, like NIR, has no `normalize`, `length`, `distance`, `cross` or `reflect`: the
//! lowering writes them as dot products, square roots and products, which the optimizer
//! can simplify and share. SPIR-V has one extended instruction for each, so where such a
//! pattern survives whole, with its intermediate values read by nothing else, the writer
//! emits the single instruction at the pattern's last ALU instruction and leaves out the
//! intermediate ones:
//!
//! | pattern (32- or 64-bit floats; fwidth 32-bit)        | written                 |
//! |------------------------------------------------------|-------------------------|
//! | `v * frsq(fdot(v, v))`                               | `Normalize(v)`          |
//! | `fsqrt(fdot(v, v))`                                  | `Length(v)`             |
//! | `fsqrt(fdot(a - b, a - b))`                          | `Distance(a, b)`        |
//! | `a.yzx * b.zxy - a.zxy * b.yzx`                      | `Cross(a, b)`           |
//! | `i - (2 * fdot(n, i)) * n`                           | `Reflect(i, n)`         |
//! | `fmin(fmax(x, lo), hi)`, constants `lo <= hi`        | `FClamp(x, lo, hi)`     |
//! | `fabs(fddx(x)) + fabs(fddy(x))` (fine, coarse alike) | `OpFwidth{,Fine,Coarse}`|
//! | `vecN(fdot(v, c0), fdot(v, c1), ...)`                | `OpVectorTimesMatrix`   |
//!
//! The matrix of `OpVectorTimesMatrix` is the aggregate a load group loaded when the
//! columns are its elements in order, otherwise an `OpCompositeConstruct` of them.
//!
//! Each is the GLSL built-in's own definition, so the result is the one the built-in
//! specifies; `precise` arithmetic (no value flags here: the lowering marks none of these)
//! is not involved because the optimizer does not reassociate it either.

use fresnel_ir::{Alu, AluOp, AluSrc, Function, InstrId, InstrKind, Use, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// GLSL.std.450 instruction numbers (not in `spec.rs`, which lists what the rest uses).
pub mod ext {
    pub const LENGTH: u32 = 66;
    pub const DISTANCE: u32 = 67;
    pub const CROSS: u32 = 68;
    pub const NORMALIZE: u32 = 69;
    pub const REFLECT: u32 = 71;
}

/// What to write at a pattern's root instruction.
#[derive(Clone, Debug)]
pub enum Idiom {
    /// A transpose (`coalesce.rs`), written at its first `vecN`.
    Transpose(super::coalesce::Transpose),
    /// One extended instruction over the given sources (each read through its swizzle
    /// for the root's component count).
    /// `n`: the components read from each source.
    Ext { inst: u32, srcs: Vec<AluSrc>, n: u8 },
    /// `FClamp(x, lo, hi)` with constant bounds (`srcs` = x, lo, hi).
    Clamp { srcs: [AluSrc; 3] },
    /// A core instruction of one source read for the root's components (`OpFwidth*`).
    Op { opcode: u16, src: AluSrc },
    /// `v * M` with M's columns `cols` (each read for `rows` components); `agg`: the load
    /// group (by parent deref) whose elements they are.
    VecTimesMat {
        v: AluSrc,
        cols: Vec<AluSrc>,
        rows: u8,
        agg: Option<ValueId>,
        /// Components of the root after the product's (each one component).
        rest: Vec<AluSrc>,
    },
}

/// `OpVectorTimesMatrix`.
const OP_VECTOR_TIMES_MATRIX: u16 = 144;

/// `OpFwidth`, `OpFwidthFine`, `OpFwidthCoarse`.
const OP_FWIDTH: u16 = 209;
const OP_FWIDTH_FINE: u16 = 212;
const OP_FWIDTH_COARSE: u16 = 215;

#[derive(Default)]
pub struct Idioms {
    pub at: FxHashMap<InstrId, Idiom>,
    pub skip: FxHashSet<InstrId>,
}

/// Finds the patterns of `f` (none touching what `coalesce.rs` writes its own way).
pub fn analyze(f: &Function, groups: &super::coalesce::Groups) -> Idioms {
    let taken = |i: &InstrId| {
        groups.skip.contains(i)
            || groups.matvec_at.contains_key(i)
            || groups.load_at.contains_key(i)
            || groups.store_at.contains_key(i)
            || groups.transposes.iter().any(|(t, _)| t == i)
    };
    let mut out = Idioms::default();
    let mut shared_dots: Vec<InstrId> = Vec::new();
    // One matcher for every root (performance: its lists are reused, not reallocated).
    let mut m = Matcher {
        f,
        inner: Vec::new(),
        shared: Vec::new(),
    };
    for (id, ins) in f.instrs.iter() {
        if ins.removed {
            continue;
        }
        let InstrKind::Alu(a) = &ins.kind else {
            continue;
        };
        // 32-bit floats; 64-bit ones too except for derivatives (`OpFwidth` is 32-bit).
        let bits = f.values[a.dest].bit_size;
        let wide = bits == 64 && a.op != AluOp::Fadd;
        // A relaxed result is the built-in's own precision (`length(mediump v)` is
        // mediump): the instruction is decorated as the result was.
        if (bits != 32 && !wide) || f.flags(a.dest).non_uniform {
            continue;
        }
        // A root another pattern took is no idiom (performance: not matched then; matching
        // only fills `m`'s lists, and a match would be dropped below).
        let candidate = matches!(
            a.op,
            AluOp::Fmul
                | AluOp::Fsqrt
                | AluOp::Fsub
                | AluOp::Fmin
                | AluOp::Fadd
                | AluOp::Vec2
                | AluOp::Vec3
                | AluOp::Vec4
        );
        if !candidate || taken(&id) {
            continue;
        }
        m.inner.clear();
        m.shared.clear();
        let found = match a.op {
            AluOp::Fmul => m.normalize(a),
            AluOp::Fsqrt => m.length(a),
            AluOp::Fsub => m.cross(a).or_else(|| {
                m.inner.clear();
                m.reflect(a)
            }),
            AluOp::Fmin => m.clamp(a),
            AluOp::Fadd => m.fwidth(a),
            AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4 => m.vec_times_mat(a, groups),
            _ => None,
        };
        if let Some(idiom) = found {
            // Intermediates another pattern already absorbed stay written there.
            if m.inner
                .iter()
                .any(|i| out.skip.contains(i) || out.at.contains_key(i) || taken(i))
            {
                continue;
            }
            out.skip.extend(m.inner.iter().copied());
            out.at.insert(id, idiom);
            shared_dots.extend(m.shared.iter().copied());
        }
    }
    // A dot product shared by square roots that all became `Normalize`/`Length`/... is not
    // written either.
    shared_dots.sort_unstable();
    shared_dots.dedup();
    for d in shared_dots {
        let InstrKind::Alu(a) = &f.instrs[d].kind else {
            continue;
        };
        let all = f.values[a.dest].uses.iter().all(|u| {
            matches!(u, Use::Instr { instr, .. }
                if out.skip.contains(instr) || out.at.contains_key(instr))
        });
        if all {
            out.skip.insert(d);
        }
    }
    // Transposes (`coalesce.rs`): written here, at their first `vecN`.
    for (first, t) in &groups.transposes {
        out.at.insert(*first, Idiom::Transpose(t.clone()));
    }
    // A root absorbed by a later pattern is not written at all.
    let absorbed: Vec<InstrId> = out
        .at
        .keys()
        .copied()
        .filter(|i| out.skip.contains(i))
        .collect();
    for i in absorbed {
        out.at.remove(&i);
    }
    out
}

struct Matcher<'f> {
    f: &'f Function,
    /// Intermediate instructions of the pattern (read only inside it).
    inner: Vec<InstrId>,
    /// Dot products of a vector with itself that the pattern reads but that other square
    /// roots read too (`normalize(d) * length(d)`): not written when every reader became
    /// a pattern.
    shared: Vec<InstrId>,
}

impl Matcher<'_> {
    /// The ALU instruction defining `s`'s value with opcode `op`, read only by `reader`
    /// (`uses` reads in all), added to the intermediates.
    fn inner_alu(&mut self, s: &AluSrc, op: AluOp, reader: InstrId, uses: usize) -> Option<Alu> {
        let d = &self.f.values[s.value];
        let InstrKind::Alu(a) = &self.f.instrs[d.def].kind else {
            return None;
        };
        if a.op != op
            || d.uses.len() != uses
            || !self.f.flags(s.value).is_empty()
            || !d
                .uses
                .iter()
                .all(|u| matches!(u, Use::Instr { instr, .. } if *instr == reader))
        {
            return None;
        }
        self.inner.push(d.def);
        Some(a.clone())
    }

    fn def_instr(&self, a: &Alu) -> InstrId {
        self.f.values[a.dest].def
    }

    /// `s` reads component 0 of a scalar for every component it supplies.
    fn scalar_src(s: &AluSrc, n: u8) -> bool {
        s.swizzle[..n as usize].iter().all(|&c| c == 0)
    }

    fn same(a: &AluSrc, b: &AluSrc, n: u8) -> bool {
        a.value == b.value && a.swizzle[..n as usize] == b.swizzle[..n as usize]
    }

    fn dot_size(op: AluOp) -> Option<u8> {
        match op {
            AluOp::Fdot2 => Some(2),
            AluOp::Fdot3 => Some(3),
            AluOp::Fdot4 => Some(4),
            _ => None,
        }
    }

    /// `v * frsq(fdot(v, v))`.
    fn normalize(&mut self, a: &Alu) -> Option<Idiom> {
        let n = self.f.values[a.dest].num_components;
        if n < 2 {
            return None;
        }
        let root = self.def_instr(a);
        for (vi, ri) in [(0, 1), (1, 0)] {
            self.inner.clear();
            let (v, r) = (a.srcs[vi], a.srcs[ri]);
            if !Self::scalar_src(&r, n) || r.value == v.value {
                continue;
            }
            let Some(rsq) = self.inner_alu(&r, AluOp::Frsq, root, 1) else {
                continue;
            };
            let rsq_id = self.def_instr(&rsq);
            let Some(dot) = self.any_dot(&rsq.srcs[0], rsq_id) else {
                continue;
            };
            if Self::dot_size(dot.op) == Some(n) && Self::dot_of_self(&dot, &v, n) {
                return Some(Idiom::Ext {
                    inst: ext::NORMALIZE,
                    srcs: vec![v],
                    n,
                });
            }
        }
        self.inner.clear();
        None
    }

    /// The dot product (any size) defining `d`, read only by `reader`, or also by other
    /// square roots (recorded in `shared`).
    fn any_dot(&mut self, d: &AluSrc, reader: InstrId) -> Option<Alu> {
        for op in [AluOp::Fdot2, AluOp::Fdot3, AluOp::Fdot4] {
            if let Some(x) = self.inner_alu(d, op, reader, 1) {
                return Some(x);
            }
        }
        let v = &self.f.values[d.value];
        let InstrKind::Alu(a) = &self.f.instrs[v.def].kind else {
            return None;
        };
        let roots = v.uses.iter().all(|u| {
            matches!(u, Use::Instr { instr, .. } if matches!(
                &self.f.instrs[*instr].kind,
                InstrKind::Alu(r) if matches!(r.op, AluOp::Fsqrt | AluOp::Frsq)
            ))
        });
        if Self::dot_size(a.op).is_none() || !roots || !self.f.flags(d.value).is_empty() {
            return None;
        }
        self.shared.push(v.def);
        Some(a.clone())
    }

    /// `dot` is `fdot(v, v)` over `n` components.
    fn dot_of_self(dot: &Alu, v: &AluSrc, n: u8) -> bool {
        Self::same(&dot.srcs[0], v, n) && Self::same(&dot.srcs[1], v, n)
    }

    /// `fsqrt(fdot(v, v))`, or `fsqrt(fdot(a - b, a - b))`.
    fn length(&mut self, a: &Alu) -> Option<Idiom> {
        if self.f.values[a.dest].num_components != 1 {
            return None;
        }
        let root = self.def_instr(a);
        let dot = self.any_dot(&a.srcs[0], root)?;
        let n = Self::dot_size(dot.op)?;
        let (x, y) = (dot.srcs[0], dot.srcs[1]);
        if !Self::same(&x, &y, n) {
            return None;
        }
        // Distance: the vector is a difference read only by this dot (twice).
        let dot_id = self.def_instr(&dot);
        let identity = x.swizzle[..n as usize]
            .iter()
            .enumerate()
            .all(|(i, &c)| c as usize == i);
        if identity && self.f.values[x.value].num_components == n {
            let mark = self.inner.len();
            if let Some(sub) = self.inner_alu(&x, AluOp::Fsub, dot_id, 2) {
                return Some(Idiom::Ext {
                    inst: ext::DISTANCE,
                    srcs: vec![sub.srcs[0], sub.srcs[1]],
                    n,
                });
            }
            self.inner.truncate(mark);
        }
        Some(Idiom::Ext {
            inst: ext::LENGTH,
            srcs: vec![x],
            n,
        })
    }

    /// `a.yzx * b.zxy - a.zxy * b.yzx`.
    fn cross(&mut self, s: &Alu) -> Option<Idiom> {
        if self.f.values[s.dest].num_components != 3 {
            return None;
        }
        let root = self.def_instr(s);
        let ident = |x: &AluSrc| x.swizzle[..3] == [0, 1, 2];
        if !ident(&s.srcs[0]) || !ident(&s.srcs[1]) {
            return None;
        }
        let p = self.inner_alu(&s.srcs[0], AluOp::Fmul, root, 1)?;
        let q = self.inner_alu(&s.srcs[1], AluOp::Fmul, root, 1)?;
        const YZX: [u8; 3] = [1, 2, 0];
        const ZXY: [u8; 3] = [2, 0, 1];
        let sw = |x: &AluSrc| [x.swizzle[0], x.swizzle[1], x.swizzle[2]];
        // p = a.yzx * b.zxy (either order), q = a.zxy * b.yzx.
        let (pa, pb) = if sw(&p.srcs[0]) == YZX && sw(&p.srcs[1]) == ZXY {
            (p.srcs[0], p.srcs[1])
        } else if sw(&p.srcs[1]) == YZX && sw(&p.srcs[0]) == ZXY {
            (p.srcs[1], p.srcs[0])
        } else {
            return None;
        };
        let q_ok = |qa: &AluSrc, qb: &AluSrc| {
            qa.value == pa.value && sw(qa) == ZXY && qb.value == pb.value && sw(qb) == YZX
        };
        if !(q_ok(&q.srcs[0], &q.srcs[1]) || q_ok(&q.srcs[1], &q.srcs[0])) {
            return None;
        }
        let xyz = |v: ValueId| AluSrc {
            value: v,
            swizzle: [0, 1, 2, 3],
        };
        Some(Idiom::Ext {
            inst: ext::CROSS,
            srcs: vec![xyz(pa.value), xyz(pb.value)],
            n: 3,
        })
    }

    /// `i - (2 * fdot(n, i)) * n`.
    fn reflect(&mut self, s: &Alu) -> Option<Idiom> {
        let c = self.f.values[s.dest].num_components;
        let root = self.def_instr(s);
        let i = s.srcs[0];
        let prod = self.inner_alu(&s.srcs[1], AluOp::Fmul, root, 1)?;
        let prod_id = self.def_instr(&prod);
        for (ki, ni) in [(0, 1), (1, 0)] {
            let (k, nv) = (prod.srcs[ki], prod.srcs[ni]);
            if !Self::scalar_src(&k, c) {
                continue;
            }
            let mark = self.inner.len();
            let Some(two_dot) = self.inner_alu(&k, AluOp::Fmul, prod_id, 1) else {
                continue;
            };
            let td_id = self.def_instr(&two_dot);
            for (ti, di) in [(0, 1), (1, 0)] {
                let (t, d) = (two_dot.srcs[ti], two_dot.srcs[di]);
                if !self.is_const(&t, 2.0) {
                    continue;
                }
                let m2 = self.inner.len();
                if let Some(dot) = self.any_dot(&d, td_id) {
                    let n = Self::dot_size(dot.op);
                    let ok = n == Some(c)
                        && ((Self::same(&dot.srcs[0], &nv, c) && Self::same(&dot.srcs[1], &i, c))
                            || (Self::same(&dot.srcs[1], &nv, c)
                                && Self::same(&dot.srcs[0], &i, c)));
                    if ok {
                        return Some(Idiom::Ext {
                            inst: ext::REFLECT,
                            srcs: vec![i, nv],
                            n: c,
                        });
                    }
                }
                self.inner.truncate(m2);
            }
            self.inner.truncate(mark);
        }
        None
    }

    /// Whether `s` reads the 32-bit float constant `x` in its first component.
    fn is_const(&self, s: &AluSrc, x: f32) -> bool {
        self.constant(s).is_some_and(|v| v == f64::from(x))
    }

    fn constant(&self, s: &AluSrc) -> Option<f64> {
        match &self.f.instrs[self.f.values[s.value].def].kind {
            InstrKind::LoadConst { values, .. } => values
                .get(s.swizzle[0] as usize)
                .and_then(|&b| self.float(s.value, b)),
            _ => None,
        }
    }

    /// The float a constant's bits stand for (32- or 64-bit values).
    fn float(&self, v: ValueId, b: u64) -> Option<f64> {
        match self.f.values[v].bit_size {
            32 => Some(f64::from(f32::from_bits(b as u32))),
            64 => Some(f64::from_bits(b)),
            _ => None,
        }
    }

    /// `fmin(fmax(x, lo), hi)` with constant `lo <= hi` (all components the same).
    fn clamp(&mut self, m: &Alu) -> Option<Idiom> {
        let n = self.f.values[m.dest].num_components;
        let root = self.def_instr(m);
        for (xi, hi) in [(0, 1), (1, 0)] {
            let mark = self.inner.len();
            let hi_s = m.srcs[hi];
            let Some(hv) = self.uniform_const(&hi_s, n) else {
                continue;
            };
            let Some(mx) = self.inner_alu(&m.srcs[xi], AluOp::Fmax, root, 1) else {
                continue;
            };
            if m.srcs[xi].swizzle[..n as usize]
                .iter()
                .enumerate()
                .any(|(i, &c)| c as usize != i)
            {
                self.inner.truncate(mark);
                continue;
            }
            for (yi, li) in [(0, 1), (1, 0)] {
                if let Some(lv) = self.uniform_const(&mx.srcs[li], n) {
                    if lv <= hv && self.constant(&mx.srcs[yi]).is_none() {
                        return Some(Idiom::Clamp {
                            srcs: [mx.srcs[yi], mx.srcs[li], hi_s],
                        });
                    }
                }
            }
            self.inner.truncate(mark);
        }
        None
    }

    /// `fabs(fddx(x)) + fabs(fddy(x))` (either order; both fine or both coarse alike).
    fn fwidth(&mut self, a: &Alu) -> Option<Idiom> {
        let n = self.f.values[a.dest].num_components;
        let root = self.def_instr(a);
        let ident = |x: &AluSrc| {
            x.swizzle[..n as usize]
                .iter()
                .enumerate()
                .all(|(i, &c)| c as usize == i)
        };
        if !ident(&a.srcs[0]) || !ident(&a.srcs[1]) || a.srcs[0].value == a.srcs[1].value {
            return None;
        }
        let forms = [
            (AluOp::Fddx, AluOp::Fddy, OP_FWIDTH),
            (AluOp::FddxFine, AluOp::FddyFine, OP_FWIDTH_FINE),
            (AluOp::FddxCoarse, AluOp::FddyCoarse, OP_FWIDTH_COARSE),
        ];
        for (xi, yi) in [(0, 1), (1, 0)] {
            for (dx_op, dy_op, opcode) in forms {
                self.inner.clear();
                let Some(ax) = self.inner_alu(&a.srcs[xi], AluOp::Fabs, root, 1) else {
                    continue;
                };
                let Some(ay) = self.inner_alu(&a.srcs[yi], AluOp::Fabs, root, 1) else {
                    continue;
                };
                if !ident(&ax.srcs[0]) || !ident(&ay.srcs[0]) {
                    continue;
                }
                let (ax_id, ay_id) = (self.def_instr(&ax), self.def_instr(&ay));
                let Some(dx) = self.inner_alu(&ax.srcs[0], dx_op, ax_id, 1) else {
                    continue;
                };
                let Some(dy) = self.inner_alu(&ay.srcs[0], dy_op, ay_id, 1) else {
                    continue;
                };
                if Self::same(&dx.srcs[0], &dy.srcs[0], n) {
                    return Some(Idiom::Op {
                        opcode,
                        src: dx.srcs[0],
                    });
                }
            }
        }
        self.inner.clear();
        None
    }

    /// `vecN(fdot(v, c0), ..., fdot(v, cN-1))`: v times the matrix of columns `ci`.
    fn vec_times_mat(&mut self, a: &Alu, groups: &super::coalesce::Groups) -> Option<Idiom> {
        let root = self.def_instr(a);
        self.inner.clear();
        // The dot products first, then any other components (performance: no allocation
        // until one is found; most `vecN`s gather no dot product).
        let mut dots = Vec::new();
        for s in &a.srcs {
            if s.swizzle[0] != 0 || self.f.values[s.value].num_components != 1 {
                break;
            }
            match self.any_dot(s, root) {
                Some(d) => dots.push(d),
                None => break,
            }
        }
        if dots.len() < 2 {
            self.inner.clear();
            return None;
        }
        let rest: Vec<AluSrc> = a.srcs[dots.len()..].to_vec();
        let rows = Self::dot_size(dots[0].op)?;
        // v: the operand the first two dot products share.
        let (d0, d1) = (&dots[0], &dots[1]);
        let v = [d0.srcs[0], d0.srcs[1]]
            .into_iter()
            .find(|x| Self::same(x, &d1.srcs[0], rows) || Self::same(x, &d1.srcs[1], rows));
        let found = v.and_then(|v| {
            let mut cols = Vec::with_capacity(dots.len());
            for d in &dots {
                if Self::dot_size(d.op) != Some(rows) {
                    return None;
                }
                let c = if Self::same(&d.srcs[0], &v, rows) {
                    d.srcs[1]
                } else if Self::same(&d.srcs[1], &v, rows) {
                    d.srcs[0]
                } else {
                    return None;
                };
                cols.push(c);
            }
            Some((v, cols))
        });
        let Some((v, cols)) = found else {
            self.inner.clear();
            return None;
        };
        let whole = |c: &AluSrc| {
            self.f.values[c.value].num_components == rows
                && c.swizzle[..rows as usize]
                    .iter()
                    .enumerate()
                    .all(|(i, &x)| x as usize == i)
        };
        let mut parents: Vec<ValueId> = groups
            .loaded
            .iter()
            .filter(|(_, vals)| {
                vals.len() == cols.len()
                    && cols
                        .iter()
                        .zip(vals.iter())
                        .all(|(c, v)| c.value == *v && whole(c))
            })
            .map(|(p, _)| *p)
            .collect();
        parents.sort();
        Some(Idiom::VecTimesMat {
            v,
            cols,
            rows,
            agg: parents.first().copied(),
            rest,
        })
    }

    /// The constant `s` reads in all of its `n` components, if one.
    fn uniform_const(&self, s: &AluSrc, n: u8) -> Option<f64> {
        let InstrKind::LoadConst { values, .. } = &self.f.instrs[self.f.values[s.value].def].kind
        else {
            return None;
        };
        let first = *values.get(s.swizzle[0] as usize)?;
        let all = s.swizzle[..n as usize]
            .iter()
            .all(|&c| values.get(c as usize) == Some(&first));
        let x = self.float(s.value, first)?;
        (all && !x.is_nan()).then_some(x)
    }
}

impl super::func::FuncCx<'_, '_> {
    /// Writes the extended instruction of a pattern found by [`analyze`] at its root.
    pub fn emit_idiom(&mut self, dest: ValueId, idiom: &Idiom) -> super::Result<()> {
        use fresnel_ir::BaseType;
        if let Idiom::Transpose(t) = idiom {
            return self.emit_transpose(t);
        }
        let comps = self.f.values[dest].num_components;
        let bits = self.f.values[dest].bit_size;
        let k = super::types::Kind::new(BaseType::Float, bits, comps);
        let (inst, args) = match idiom {
            Idiom::Transpose(_) => {
                return Err(super::SpirvError::new(
                    "internal: a transpose written twice",
                ));
            }
            Idiom::Ext { inst, srcs, n } => {
                let mut args = Vec::new();
                for s in srcs {
                    args.push(self.alu_src(s, *n, Some(BaseType::Float))?.0);
                }
                (*inst, args)
            }
            Idiom::Clamp { srcs } => {
                let mut args = Vec::new();
                for s in srcs {
                    args.push(self.alu_src(s, comps, Some(BaseType::Float))?.0);
                }
                (super::spec::glsl::F_CLAMP, args)
            }
            Idiom::VecTimesMat {
                v,
                cols,
                rows,
                agg,
                rest,
            } => {
                let ck = super::types::Kind::new(BaseType::Float, bits, *rows);
                let col_t = self.m.kind_type(ck);
                let mat_t = self
                    .m
                    .ty(super::spec::op::TYPE_MATRIX, &[col_t, cols.len() as u32]);
                let loaded = agg
                    .and_then(|p| self.aggs.get(&p).copied())
                    .filter(|(_, t)| *t == mat_t)
                    .map(|(id, _)| id);
                let mat = match loaded {
                    Some(id) => id,
                    None => {
                        let mut ops = smallvec::SmallVec::new();
                        for c in cols {
                            ops.push(self.alu_src(c, *rows, Some(BaseType::Float))?.0);
                        }
                        // Once per block (a transpose's columns: the transpose).
                        self.cached(
                            super::spec::op::COMPOSITE_CONSTRUCT,
                            mat_t,
                            ops,
                            |cx, t, id, ops| {
                                let mut w = vec![t, id];
                                w.extend_from_slice(ops);
                                cx.code.inst(super::spec::op::COMPOSITE_CONSTRUCT, &w);
                                id
                            },
                        )
                    }
                };
                let x = self.alu_src(v, *rows, Some(BaseType::Float))?.0;
                let pk = super::types::Kind::new(BaseType::Float, bits, cols.len() as u8);
                let t = self.m.kind_type(pk);
                let id = self.m.id();
                self.code.inst(OP_VECTOR_TIMES_MATRIX, &[t, id, x, mat]);
                let id = if rest.is_empty() {
                    id
                } else {
                    let mut ops = vec![self.m.kind_type(k), self.m.id(), id];
                    for r in rest {
                        ops.push(self.alu_src(r, 1, Some(BaseType::Float))?.0);
                    }
                    self.code.inst(super::spec::op::COMPOSITE_CONSTRUCT, &ops);
                    ops[1]
                };
                self.vals[dest.0 as usize] = super::func::Val::Id(id, k);
                return Ok(());
            }
            Idiom::Op { opcode, src } => {
                if *opcode != OP_FWIDTH {
                    self.m.cap(super::spec::cap::DERIVATIVE_CONTROL);
                }
                let x = self.alu_src(src, comps, Some(BaseType::Float))?.0;
                let t = self.m.kind_type(k);
                let id = self.m.id();
                self.code.inst(*opcode, &[t, id, x]);
                self.vals[dest.0 as usize] = super::func::Val::Id(id, k);
                return Ok(());
            }
        };
        let id = self.ext_inst(inst, k, &args);
        self.vals[dest.0 as usize] = super::func::Val::Id(id, k);
        Ok(())
    }
}
