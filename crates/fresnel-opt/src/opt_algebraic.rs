//! opt_algebraic: algebraic simplification with the rules as data, after
//! `nir_opt_algebraic.py`.
//!
//! Each [`Rule`] is a pattern over an ALU instruction and the per-component ALU
//! instructions feeding it (captured operands `a`, `b`, `c`; a capture used twice must be
//! the same value read the same way), constants, and a replacement built from the captures.
//! Commutative operations match with their operands either way round.
//!
//! Exactness: a rule marked `exact` gives bit-identical results for every input, NaN,
//! infinities and signed zeros included (`a * 1.0 -> a`, `a + -0.0 -> a`, `-(-a) -> a`),
//! and applies everywhere. The others (`a + 0.0 -> a`, which turns `-0.0` into `+0.0`;
//! `lrp(a, b, 0.0) -> a`, wrong when `b` is infinite) are only what GLSL's floating-point
//! rules allow, and never apply to an instruction marked `precise` (`exact` in the IR) or
//! to an operand computed by one. Rules that GLSL does not allow at all, like
//! `a * 0.0 -> 0.0` (wrong for NaN and infinity, and not something a compiler may assume
//! without a fast-math contract), are not in the table.

use fresnel_ir::builder::float_bits;
use fresnel_ir::{AluOp, AluSrc, Builder, Function, InstrId, InstrKind, Shader, Types, ValueId};

use smallvec::SmallVec;

use crate::util::const_of;
use crate::Pass;

/// A pattern.
#[derive(Debug)]
pub enum P {
    /// Capture `n` (0 = a, 1 = b, 2 = c, 3 = d).
    V(u8),
    /// A per-component ALU operation producing the operand.
    Op(AluOp, &'static [P]),
    /// A float constant in every component read, compared bit for bit (so `0.0` does not
    /// match `-0.0`).
    F(f64),
    /// An integer constant in every component read.
    I(i64),
    True,
    False,
    /// A value defined by `undef`.
    Undef,
}

/// A replacement.
#[derive(Debug)]
pub enum R {
    V(u8),
    Op(AluOp, &'static [R]),
    F(f64),
    I(i64),
    True,
    False,
}

/// One rule: `from` (an operation at the top) becomes `to`.
#[derive(Debug)]
pub struct Rule {
    pub name: &'static str,
    pub from: P,
    pub to: R,
    /// Bit-identical for all inputs.
    pub exact: bool,
    /// A further condition on the captures (constants they must satisfy).
    pub cond: Option<RuleCond>,
}

/// A rule's condition on its captures.
pub type RuleCond = fn(&Function, &[Option<View>; 4]) -> bool;

use AluOp::*;
use P::{Op as PO, F as PF, I as PI, V as PV};

macro_rules! rule {
    ($name:literal, $from:expr => $to:expr, exact, if $cond:expr) => {
        Rule {
            name: $name,
            from: $from,
            to: $to,
            exact: true,
            cond: Some($cond),
        }
    };
    ($name:literal, $from:expr => $to:expr, exact) => {
        Rule {
            name: $name,
            from: $from,
            to: $to,
            exact: true,
            cond: None,
        }
    };
    ($name:literal, $from:expr => $to:expr) => {
        Rule {
            name: $name,
            from: $from,
            to: $to,
            exact: false,
            cond: None,
        }
    };
}

/// The constant a capture reads in each of its components.
fn capture_consts(f: &Function, v: &Option<View>) -> Option<SmallVec<[u64; 4]>> {
    let v = (*v)?;
    let c = const_of(f, v.value)?;
    v.swz[..usize::from(v.n)]
        .iter()
        .map(|&i| c.get(usize::from(i)).copied())
        .collect()
}

/// `iand(ishl(a, b), c)`: every bit of `c` is below the shift `b` (taken modulo the bit
/// size, as `ishl` does), so the result is 0.
fn shifted_out(f: &Function, caps: &[Option<View>; 4]) -> bool {
    let Some(a) = caps[0] else { return false };
    let bits = u32::from(f.values[a.value].bit_size);
    let (Some(sh), Some(k)) = (capture_consts(f, &caps[1]), capture_consts(f, &caps[2])) else {
        return false;
    };
    if !(8..=64).contains(&bits) || sh.len() != k.len() {
        return false;
    }
    let all = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    sh.iter()
        .zip(&k)
        .all(|(&s, &k)| (k & all & (all << (s % u64::from(bits)))) == 0)
}

/// Capture `b` is a constant (negating it folds).
fn second_is_constant(f: &Function, caps: &[Option<View>; 4]) -> bool {
    capture_consts(f, &caps[1]).is_some()
}

const A: P = PV(0);
const B: P = PV(1);
const C: P = PV(2);

/// The rules, tried in order on every ALU instruction.
pub static RULES: &[Rule] = &[
    // ---- float: exact ----
    rule!("fadd(a, -0.0) -> a", PO(Fadd, &[A, PF(-0.0)]) => R::V(0), exact),
    rule!("fsub(a, 0.0) -> a", PO(Fsub, &[A, PF(0.0)]) => R::V(0), exact),
    rule!("fmul(a, 1.0) -> a", PO(Fmul, &[A, PF(1.0)]) => R::V(0), exact),
    rule!("fmul(a, -1.0) -> fneg(a)", PO(Fmul, &[A, PF(-1.0)]) => R::Op(Fneg, &[R::V(0)]), exact),
    rule!("fdiv(a, 1.0) -> a", PO(Fdiv, &[A, PF(1.0)]) => R::V(0), exact),
    rule!("fneg(fneg(a)) -> a", PO(Fneg, &[PO(Fneg, &[A])]) => R::V(0), exact),
    rule!("fabs(fneg(a)) -> fabs(a)", PO(Fabs, &[PO(Fneg, &[A])]) => R::Op(Fabs, &[R::V(0)]), exact),
    rule!("fabs(fabs(a)) -> fabs(a)", PO(Fabs, &[PO(Fabs, &[A])]) => R::Op(Fabs, &[R::V(0)]), exact),
    rule!("fsat(fsat(a)) -> fsat(a)", PO(Fsat, &[PO(Fsat, &[A])]) => R::Op(Fsat, &[R::V(0)]), exact),
    rule!("ffloor(ffloor(a)) -> ffloor(a)", PO(Ffloor, &[PO(Ffloor, &[A])]) => R::Op(Ffloor, &[R::V(0)]), exact),
    rule!("fceil(fceil(a)) -> fceil(a)", PO(Fceil, &[PO(Fceil, &[A])]) => R::Op(Fceil, &[R::V(0)]), exact),
    rule!("ftrunc(ftrunc(a)) -> ftrunc(a)", PO(Ftrunc, &[PO(Ftrunc, &[A])]) => R::Op(Ftrunc, &[R::V(0)]), exact),
    rule!("fmin(a, a) -> a", PO(Fmin, &[A, A]) => R::V(0), exact),
    rule!("fmax(a, a) -> a", PO(Fmax, &[A, A]) => R::V(0), exact),
    rule!("fadd(a, fneg(b)) -> fsub(a, b)", PO(Fadd, &[A, PO(Fneg, &[B])]) => R::Op(Fsub, &[R::V(0), R::V(1)]), exact),
    rule!("fsub(a, fneg(b)) -> fadd(a, b)", PO(Fsub, &[A, PO(Fneg, &[B])]) => R::Op(Fadd, &[R::V(0), R::V(1)]), exact),
    rule!("fmul(fneg(a), fneg(b)) -> fmul(a, b)", PO(Fmul, &[PO(Fneg, &[A]), PO(Fneg, &[B])]) => R::Op(Fmul, &[R::V(0), R::V(1)]), exact),
    rule!("fmul(fneg(a), #b) -> fmul(a, -b)", PO(Fmul, &[PO(Fneg, &[A]), B]) => R::Op(Fmul, &[R::V(0), R::Op(Fneg, &[R::V(1)])]), exact, if second_is_constant),
    rule!("ffma(fneg(a), #b, c) -> ffma(a, -b, c)", PO(Ffma, &[PO(Fneg, &[A]), B, C]) => R::Op(Ffma, &[R::V(0), R::Op(Fneg, &[R::V(1)]), R::V(2)]), exact, if second_is_constant),
    rule!("ffma(#b, fneg(a), c) -> ffma(-b, a, c)", PO(Ffma, &[B, PO(Fneg, &[A]), C]) => R::Op(Ffma, &[R::Op(Fneg, &[R::V(1)]), R::V(0), R::V(2)]), exact, if second_is_constant),
    rule!("ffma(a, 1.0, b) -> fadd(a, b)", PO(Ffma, &[A, PF(1.0), B]) => R::Op(Fadd, &[R::V(0), R::V(1)]), exact),
    rule!("ffma(1.0, a, b) -> fadd(a, b)", PO(Ffma, &[PF(1.0), A, B]) => R::Op(Fadd, &[R::V(0), R::V(1)]), exact),
    rule!("ffma(a, b, -0.0) -> fmul(a, b)", PO(Ffma, &[A, B, PF(-0.0)]) => R::Op(Fmul, &[R::V(0), R::V(1)]), exact),
    // ---- float: what GLSL allows (not under `precise`) ----
    rule!("fadd(a, 0.0) -> a", PO(Fadd, &[A, PF(0.0)]) => R::V(0)),
    rule!("flrp(a, b, 0.0) -> a", PO(Flrp, &[A, B, PF(0.0)]) => R::V(0)),
    rule!("flrp(a, b, 1.0) -> b", PO(Flrp, &[A, B, PF(1.0)]) => R::V(1)),
    rule!("flrp(a, a, c) -> a", PO(Flrp, &[A, A, C]) => R::V(0)),
    rule!("fpow(a, 1.0) -> a", PO(Fpow, &[A, PF(1.0)]) => R::V(0)),
    rule!("fpow(a, 2.0) -> fmul(a, a)", PO(Fpow, &[A, PF(2.0)]) => R::Op(Fmul, &[R::V(0), R::V(0)])),
    rule!("fsub(a, a) -> 0.0", PO(Fsub, &[A, A]) => R::F(0.0)),
    // ---- selects ----
    rule!("bcsel(true, a, b) -> a", PO(Bcsel, &[P::True, A, B]) => R::V(0), exact),
    rule!("bcsel(false, a, b) -> b", PO(Bcsel, &[P::False, A, B]) => R::V(1), exact),
    rule!("bcsel(c, a, a) -> a", PO(Bcsel, &[C, A, A]) => R::V(0), exact),
    rule!("bcsel(a, true, false) -> a", PO(Bcsel, &[A, P::True, P::False]) => R::V(0), exact),
    rule!("bcsel(a, false, true) -> inot(a)", PO(Bcsel, &[A, P::False, P::True]) => R::Op(Inot, &[R::V(0)]), exact),
    rule!("bcsel(c, bcsel(c, a, b), d) -> bcsel(c, a, d)", PO(Bcsel, &[C, PO(Bcsel, &[C, A, PV(3)]), B]) => R::Op(Bcsel, &[R::V(2), R::V(0), R::V(1)]), exact),
    rule!("bcsel(c, a, bcsel(c, b, d)) -> bcsel(c, a, d)", PO(Bcsel, &[C, A, PO(Bcsel, &[C, PV(3), B])]) => R::Op(Bcsel, &[R::V(2), R::V(0), R::V(1)]), exact),
    rule!("bcsel(c, a, undef) -> a", PO(Bcsel, &[C, A, P::Undef]) => R::V(0), exact),
    rule!("bcsel(c, undef, b) -> b", PO(Bcsel, &[C, P::Undef, B]) => R::V(1), exact),
    rule!("bcsel(inot(c), a, b) -> bcsel(c, b, a)", PO(Bcsel, &[PO(Inot, &[C]), A, B]) => R::Op(Bcsel, &[R::V(2), R::V(1), R::V(0)]), exact),
    // ---- integers and bits ----
    rule!("inot(inot(a)) -> a", PO(Inot, &[PO(Inot, &[A])]) => R::V(0), exact),
    rule!("inot(ieq(a, b)) -> ine(a, b)", PO(Inot, &[PO(Ieq, &[A, B])]) => R::Op(Ine, &[R::V(0), R::V(1)]), exact),
    rule!("inot(ine(a, b)) -> ieq(a, b)", PO(Inot, &[PO(Ine, &[A, B])]) => R::Op(Ieq, &[R::V(0), R::V(1)]), exact),
    rule!("inot(ilt(a, b)) -> ige(a, b)", PO(Inot, &[PO(Ilt, &[A, B])]) => R::Op(Ige, &[R::V(0), R::V(1)]), exact),
    rule!("inot(ige(a, b)) -> ilt(a, b)", PO(Inot, &[PO(Ige, &[A, B])]) => R::Op(Ilt, &[R::V(0), R::V(1)]), exact),
    rule!("inot(ult(a, b)) -> uge(a, b)", PO(Inot, &[PO(Ult, &[A, B])]) => R::Op(Uge, &[R::V(0), R::V(1)]), exact),
    rule!("inot(uge(a, b)) -> ult(a, b)", PO(Inot, &[PO(Uge, &[A, B])]) => R::Op(Ult, &[R::V(0), R::V(1)]), exact),
    // (`!(a == b)` is true for NaN, as `fneu` is; `!(a < b)` has no ordered counterpart.)
    rule!("inot(feq(a, b)) -> fneu(a, b)", PO(Inot, &[PO(Feq, &[A, B])]) => R::Op(Fneu, &[R::V(0), R::V(1)]), exact),
    rule!("inot(fneu(a, b)) -> feq(a, b)", PO(Inot, &[PO(Fneu, &[A, B])]) => R::Op(Feq, &[R::V(0), R::V(1)]), exact),
    rule!("ineg(ineg(a)) -> a", PO(Ineg, &[PO(Ineg, &[A])]) => R::V(0), exact),
    rule!("iadd(a, 0) -> a", PO(Iadd, &[A, PI(0)]) => R::V(0), exact),
    rule!("isub(iadd(a, b), b) -> a", PO(Isub, &[PO(Iadd, &[A, B]), B]) => R::V(0), exact),
    rule!("isub(iadd(b, a), b) -> a", PO(Isub, &[PO(Iadd, &[B, A]), B]) => R::V(0), exact),
    rule!("iadd(isub(a, b), b) -> a", PO(Iadd, &[PO(Isub, &[A, B]), B]) => R::V(0), exact),
    rule!("isub(a, 0) -> a", PO(Isub, &[A, PI(0)]) => R::V(0), exact),
    rule!("isub(a, a) -> 0", PO(Isub, &[A, A]) => R::I(0), exact),
    rule!("iadd(a, ineg(b)) -> isub(a, b)", PO(Iadd, &[A, PO(Ineg, &[B])]) => R::Op(Isub, &[R::V(0), R::V(1)]), exact),
    rule!("imul(a, 1) -> a", PO(Imul, &[A, PI(1)]) => R::V(0), exact),
    rule!("imul(a, 0) -> 0", PO(Imul, &[A, PI(0)]) => R::I(0), exact),
    rule!("imul(a, -1) -> ineg(a)", PO(Imul, &[A, PI(-1)]) => R::Op(Ineg, &[R::V(0)]), exact),
    rule!("idiv(a, 1) -> a", PO(Idiv, &[A, PI(1)]) => R::V(0), exact),
    rule!("udiv(a, 1) -> a", PO(Udiv, &[A, PI(1)]) => R::V(0), exact),
    rule!("iand(a, a) -> a", PO(Iand, &[A, A]) => R::V(0), exact),
    rule!("ior(a, a) -> a", PO(Ior, &[A, A]) => R::V(0), exact),
    rule!("ixor(a, a) -> 0", PO(Ixor, &[A, A]) => R::I(0), exact),
    rule!("iand(a, 0) -> 0", PO(Iand, &[A, PI(0)]) => R::I(0), exact),
    rule!("ior(a, 0) -> a", PO(Ior, &[A, PI(0)]) => R::V(0), exact),
    rule!("ixor(a, 0) -> a", PO(Ixor, &[A, PI(0)]) => R::V(0), exact),
    rule!("iand(a, ~0) -> a", PO(Iand, &[A, PI(-1)]) => R::V(0), exact),
    rule!("ior(a, ~0) -> ~0", PO(Ior, &[A, PI(-1)]) => R::I(-1), exact),
    rule!("iand(a, true) -> a", PO(Iand, &[A, P::True]) => R::V(0), exact),
    rule!("iand(a, false) -> false", PO(Iand, &[A, P::False]) => R::False, exact),
    rule!("ior(a, true) -> true", PO(Ior, &[A, P::True]) => R::True, exact),
    rule!("ior(a, false) -> a", PO(Ior, &[A, P::False]) => R::V(0), exact),
    rule!("ixor(a, false) -> a", PO(Ixor, &[A, P::False]) => R::V(0), exact),
    rule!("ishl(a, 0) -> a", PO(Ishl, &[A, PI(0)]) => R::V(0), exact),
    rule!("iand(ishl(a, b), c) -> 0 when c has no bit at or above b", PO(Iand, &[PO(Ishl, &[A, B]), C]) => R::I(0), exact, if shifted_out),
    rule!("ishr(a, 0) -> a", PO(Ishr, &[A, PI(0)]) => R::V(0), exact),
    rule!("ushr(a, 0) -> a", PO(Ushr, &[A, PI(0)]) => R::V(0), exact),
    rule!("imin(a, a) -> a", PO(Imin, &[A, A]) => R::V(0), exact),
    rule!("imax(a, a) -> a", PO(Imax, &[A, A]) => R::V(0), exact),
    rule!("umin(a, a) -> a", PO(Umin, &[A, A]) => R::V(0), exact),
    rule!("umax(a, a) -> a", PO(Umax, &[A, A]) => R::V(0), exact),
    rule!("ieq(a, a) -> true", PO(Ieq, &[A, A]) => R::True, exact),
    rule!("ine(a, a) -> false", PO(Ine, &[A, A]) => R::False, exact),
    rule!("ige(a, a) -> true", PO(Ige, &[A, A]) => R::True, exact),
    rule!("uge(a, a) -> true", PO(Uge, &[A, A]) => R::True, exact),
    rule!("ilt(a, a) -> false", PO(Ilt, &[A, A]) => R::False, exact),
    rule!("ult(a, a) -> false", PO(Ult, &[A, A]) => R::False, exact),
    rule!("ieq(a, true) -> a", PO(Ieq, &[A, P::True]) => R::V(0), exact),
    rule!("ine(a, false) -> a", PO(Ine, &[A, P::False]) => R::V(0), exact),
    // A boolean made a number and compared with what it was made from (0 or 1).
    rule!("ieq(b2i(a), 1) -> a", PO(Ieq, &[PO(B2i, &[A]), PI(1)]) => R::V(0), exact),
    rule!("ine(b2i(a), 0) -> a", PO(Ine, &[PO(B2i, &[A]), PI(0)]) => R::V(0), exact),
    rule!("ieq(b2i(a), 0) -> inot(a)", PO(Ieq, &[PO(B2i, &[A]), PI(0)]) => R::Op(Inot, &[R::V(0)]), exact),
    rule!("ine(b2i(a), 1) -> inot(a)", PO(Ine, &[PO(B2i, &[A]), PI(1)]) => R::Op(Inot, &[R::V(0)]), exact),
    rule!("feq(b2f(a), 1.0) -> a", PO(Feq, &[PO(B2f, &[A]), PF(1.0)]) => R::V(0), exact),
    rule!("fneu(b2f(a), 0.0) -> a", PO(Fneu, &[PO(B2f, &[A]), PF(0.0)]) => R::V(0), exact),
    rule!("feq(b2f(a), 0.0) -> inot(a)", PO(Feq, &[PO(B2f, &[A]), PF(0.0)]) => R::Op(Inot, &[R::V(0)]), exact),
    rule!("fneu(b2f(a), 1.0) -> inot(a)", PO(Fneu, &[PO(B2f, &[A]), PF(1.0)]) => R::Op(Inot, &[R::V(0)]), exact),
    rule!("iabs(iabs(a)) -> iabs(a)", PO(Iabs, &[PO(Iabs, &[A])]) => R::Op(Iabs, &[R::V(0)]), exact),
    rule!("iabs(ineg(a)) -> iabs(a)", PO(Iabs, &[PO(Ineg, &[A])]) => R::Op(Iabs, &[R::V(0)]), exact),
];

pub struct Algebraic;

impl Pass for Algebraic {
    fn name(&self) -> &'static str {
        "opt_algebraic"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        crate::for_each_function(shader, algebraic)
    }
}

/// An operand as the matched instruction reads it: a value and, per component, which
/// component of the value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct View {
    value: ValueId,
    swz: [u8; 4],
    n: u8,
}

impl View {
    fn same(&self, o: &View) -> bool {
        self.value == o.value
            && self.n == o.n
            && self.swz[..self.n as usize] == o.swz[..o.n as usize]
    }
}

/// Is this a per-component operation (every source and the result as wide as each other)?
fn per_component(op: AluOp) -> bool {
    let i = op.info();
    i.dest_size == 0
        && i.src_size[..usize::from(i.num_srcs)]
            .iter()
            .all(|&s| s == 0)
}

struct Matcher<'f> {
    f: &'f Function,
    /// The rule needs only what GLSL allows: operands computed by `exact` instructions do
    /// not match inner operations.
    inexact_rule: bool,
    caps: [Option<View>; 4],
}

impl Matcher<'_> {
    fn operand(&mut self, p: &P, v: View) -> bool {
        match p {
            P::V(i) => match &self.caps[usize::from(*i)] {
                Some(c) => c.same(&v),
                None => {
                    self.caps[usize::from(*i)] = Some(v);
                    true
                }
            },
            P::Op(op, subs) => {
                let InstrKind::Alu(a) = &self.f.def(v.value).kind else {
                    return false;
                };
                if a.op != *op || !per_component(a.op) || (a.exact && self.inexact_rule) {
                    return false;
                }
                let srcs: Vec<View> = a
                    .srcs
                    .iter()
                    .map(|s| {
                        let mut swz = [0u8; 4];
                        let n = usize::from(v.n).min(4);
                        for (c, out) in swz.iter_mut().enumerate().take(n) {
                            *out = s.swizzle[usize::from(v.swz[c]).min(3)];
                        }
                        View {
                            value: s.value,
                            swz,
                            n: v.n,
                        }
                    })
                    .collect();
                self.operands(*op, subs, &srcs)
            }
            P::F(x) => {
                let bits = self.f.values[v.value].bit_size;
                if !matches!(bits, 16 | 32 | 64) {
                    return false;
                }
                let want = float_bits(*x, bits);
                self.all_const(v, want)
            }
            P::I(x) => {
                let bits = self.f.values[v.value].bit_size;
                if bits == 1 {
                    return false;
                }
                let want = fresnel_ir::builder::mask_bits(*x as u64, bits);
                self.all_const(v, want)
            }
            P::Undef => matches!(self.f.def(v.value).kind, InstrKind::Undef { .. }),
            P::True | P::False => {
                self.f.values[v.value].bit_size == 1
                    && self.all_const(v, u64::from(matches!(p, P::True)))
            }
        }
    }

    fn all_const(&self, v: View, want: u64) -> bool {
        let Some(vals) = const_of(self.f, v.value) else {
            return false;
        };
        (0..usize::from(v.n)).all(|c| vals.get(usize::from(v.swz[c])) == Some(&want))
    }

    /// Matches the operands of an operation, either way round when it is commutative.
    fn operands(&mut self, op: AluOp, pats: &[P], srcs: &[View]) -> bool {
        if pats.len() != srcs.len() {
            return false;
        }
        let saved = self.caps;
        if pats.iter().zip(srcs).all(|(p, s)| self.operand(p, *s)) {
            return true;
        }
        self.caps = saved;
        if op.info().commutative && srcs.len() == 2 {
            if self.operand(&pats[0], srcs[1]) && self.operand(&pats[1], srcs[0]) {
                return true;
            }
            self.caps = saved;
        }
        false
    }
}

/// Builds a replacement before instruction `at`; returns the new value.
fn build(
    b: &mut Builder<'_>,
    r: &R,
    caps: &[Option<View>; 4],
    bits: u8,
    n: u8,
    exact: bool,
) -> Option<ValueId> {
    Some(match r {
        R::V(i) => {
            let v = caps[usize::from(*i)]?;
            let identity = (0..v.n).all(|c| v.swz[usize::from(c)] == c)
                && b.func.values[v.value].num_components == n;
            if identity {
                v.value
            } else {
                b.alu_n(
                    AluOp::Mov,
                    n,
                    &[AluSrc {
                        value: v.value,
                        swizzle: v.swz,
                    }],
                )
            }
        }
        R::Op(op, subs) => {
            let mut srcs = Vec::with_capacity(subs.len());
            for s in subs.iter() {
                let sub_bits = if *op == Bcsel && srcs.is_empty() {
                    1
                } else {
                    bits
                };
                let v = build(b, s, caps, sub_bits, n, exact)?;
                srcs.push(AluSrc::new(v));
            }
            let dest_bits = op.fixed_dest_bits().unwrap_or(bits);
            b.alu_full(*op, dest_bits, n, &srcs, exact)
        }
        R::F(x) => {
            let c = float_bits(*x, bits);
            b.constant(bits, &vec![c; usize::from(n)])
        }
        R::I(x) => {
            let c = fresnel_ir::builder::mask_bits(*x as u64, bits);
            b.constant(bits, &vec![c; usize::from(n)])
        }
        R::True | R::False => b.constant(1, &vec![u64::from(matches!(r, R::True)); usize::from(n)]),
    })
}

pub fn algebraic(f: &mut Function, types: &mut Types) -> bool {
    let mut progress = false;
    let order: Vec<InstrId> = f.instrs_in_order();
    for id in order {
        let InstrKind::Alu(a) = &f.instrs[id].kind else {
            continue;
        };
        let (op, dest, exact) = (a.op, a.dest, a.exact);
        if !per_component(op) {
            continue;
        }
        let n = f.values[dest].num_components;
        let bits = f.values[dest].bit_size;
        if n > 4 {
            continue;
        }
        let srcs: Vec<View> = a
            .srcs
            .iter()
            .map(|s| View {
                value: s.value,
                swz: s.swizzle,
                n,
            })
            .collect();
        let mut found = None;
        for rule in RULES {
            if exact && !rule.exact {
                continue;
            }
            let P::Op(top, pats) = &rule.from else {
                continue;
            };
            if *top != op {
                continue;
            }
            let mut m = Matcher {
                f,
                inexact_rule: !rule.exact,
                caps: [None; 4],
            };
            if m.operands(op, pats, &srcs) && rule.cond.is_none_or(|c| c(f, &m.caps)) {
                found = Some((rule, m.caps));
                break;
            }
        }
        let Some((rule, caps)) = found else {
            continue;
        };
        // A captured operand standing for the result must have the result's bit size (a
        // comparison's operands may be wider than its 1-bit result).
        if let R::V(i) = &rule.to {
            match caps[usize::from(*i)] {
                Some(v) if f.values[v.value].bit_size == bits => {}
                _ => continue,
            }
        }
        let mut b = Builder::before(f, types, id);
        let Some(new) = build(&mut b, &rule.to, &caps, bits, n, exact) else {
            continue;
        };
        if new == dest || f.values[new].bit_size != bits || f.values[new].num_components != n {
            continue;
        }
        f.replace_all_uses(dest, new);
        f.remove_instr(id);
        progress = true;
    }
    progress
}
