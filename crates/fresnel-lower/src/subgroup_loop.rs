//! Subgroup operations the intrinsics cannot name, lowered to a loop over the subgroup's
//! invocations (like `nir_lower_subgroups` does for some operations): the
//! GL_NV_shader_subgroup_partitioned functions (`subgroupPartitionNV`,
//! `subgroupPartitioned*NV`). Whole-subgroup and clustered reductions and scans, products
//! included, are `reduce` / `inclusive_scan` / `exclusive_scan` intrinsics
//! (`builtins/subgroup.rs`).
//!
//! For `j` in `0 .. min(gl_SubgroupSize, 128)`: when invocation `j` is active (its bit in
//! `ballot(true)`, the same for every invocation, so the branch is uniform), every
//! invocation reads `x` from it with `read_invocation` and folds it into its accumulator
//! when `j` belongs to its set: the partition's ballot bit `j`, and `j <= id` / `j < id`
//! for inclusive / exclusive scans. The accumulator starts at the operation's identity
//! (what an exclusive scan of the first invocation returns).
//! `subgroupPartitionNV(x)` sets bit `j` of its result when `x` of invocation `j` equals
//! `x` (bit-exact, floats compared with `feq`).

use fresnel_ir::{AluOp, AluSrc, BaseType, Intrinsic, JumpKind, ValueId};
use fresnel_sema::hir;
use fresnel_sema::types::Scalar;
use fresnel_syntax::source::Span;

use crate::func::{FnCx, Global};
use crate::types::{shape, value_bits, Shape};
use crate::{LowerError, Operand};

/// Invocations a `uvec4` ballot can name.
const MAX_SUBGROUP: u32 = 128;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Set {
    All,
    Inclusive,
    Exclusive,
}

/// `(operation, set)` of a partitioned function (`subgroupPartitioned*NV`); the
/// partition is the ballot given by argument 1.
fn decode(name: &str) -> Option<(&'static str, Set)> {
    let rest = name
        .strip_prefix("subgroupPartitioned")
        .and_then(|r| r.strip_suffix("NV"))?;
    let (rest, set) = if let Some(r) = rest.strip_prefix("Inclusive") {
        (r, Set::Inclusive)
    } else if let Some(r) = rest.strip_prefix("Exclusive") {
        (r, Set::Exclusive)
    } else {
        (rest, Set::All)
    };
    let op = match rest {
        "Add" => "add",
        "Mul" => "mul",
        "Min" => "min",
        "Max" => "max",
        "And" => "and",
        "Or" => "or",
        "Xor" => "xor",
        _ => return None,
    };
    Some((op, set))
}

/// The ALU operation combining two values and the identity's bit pattern.
fn combine(op: &str, s: Scalar, bits: u8) -> Option<(AluOp, u64)> {
    let float = s.is_float();
    let signed = s.is_signed_int();
    let ones = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let fbits = |x: f64| fresnel_ir::builder::float_bits(x, bits);
    Some(match (op, float, signed) {
        ("add", true, _) => (AluOp::Fadd, fbits(0.0)),
        ("add", false, _) => (AluOp::Iadd, 0),
        ("mul", true, _) => (AluOp::Fmul, fbits(1.0)),
        ("mul", false, _) => (AluOp::Imul, 1),
        ("min", true, _) => (AluOp::Fmin, fbits(f64::INFINITY)),
        ("min", false, true) => (AluOp::Imin, ones >> 1),
        ("min", false, false) => (AluOp::Umin, ones),
        ("max", true, _) => (AluOp::Fmax, fbits(f64::NEG_INFINITY)),
        ("max", false, true) => (AluOp::Imax, (ones >> 1) + 1),
        ("max", false, false) => (AluOp::Umax, 0),
        ("and", false, _) => (AluOp::Iand, ones),
        ("or", false, _) => (AluOp::Ior, 0),
        ("xor", false, _) => (AluOp::Ixor, 0),
        _ => return None,
    })
}

impl FnCx<'_, '_, '_> {
    /// Lowers the subgroup functions of this module; `None` for other names.
    pub(crate) fn subgroup_loop(
        &mut self,
        name: &str,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Option<Operand>>, LowerError> {
        if name == "subgroupPartitionNV" {
            let Some(&a) = args.first() else {
                return Err(LowerError::new(
                    "`subgroupPartitionNV`: no argument",
                    Some(span),
                ));
            };
            return Ok(Some(Some(Operand::Value(self.partition(a, span)?))));
        }
        let Some((op, set)) = decode(name) else {
            return Ok(None);
        };
        let err = |m: &str| LowerError::new(format!("`{name}`: {m}"), Some(span));
        let Some(&a) = args.first() else {
            return Err(err("no argument"));
        };
        let m = self.m();
        let Shape::Value { scalar, n } = shape(m, m.expr(a).ty) else {
            return Err(err("expected a scalar or vector"));
        };
        let bits = value_bits(scalar);
        let (alu, ident) = combine(op, scalar, bits).ok_or_else(|| err("bad operand type"))?;
        let x = self.expr_value(a)?;
        let Some(&b) = args.get(1) else {
            return Err(err("missing argument"));
        };
        let ballot = self.expr_value(b)?;
        let id = self.builtin_u32("gl_SubgroupInvocationID", span)?;
        let ty = self.b.types.vector(base_of(scalar), bits, n);
        let acc = self.new_local("subgroup.acc", ty);
        let identity = self.b.constant(bits, &vec![ident; usize::from(n)]);
        let d = self.deref_var(acc);
        self.b.store_deref(d, identity, (1u32 << n) - 1);
        self.invocation_loop(span, |fc, j, v_of| {
            let v = v_of(fc, x);
            let within = match set {
                Set::All => fc.b.imm_bool(true),
                Set::Inclusive => fc.b.alu(AluOp::Uge, &[id, j]),
                Set::Exclusive => fc.b.alu(AluOp::Ult, &[j, id]),
            };
            let inb = fc.ballot_bit(ballot, j);
            let cond = fc.b.alu(AluOp::Iand, &[within, inb]);
            let d = fc.deref_var(acc);
            let old = fc.b.load_deref(d);
            let new = fc.b.alu(alu, &[old, v]);
            let pick = fc.b.alu_n(
                AluOp::Bcsel,
                n,
                &[
                    AluSrc::broadcast(cond, 0),
                    AluSrc::new(new),
                    AluSrc::new(old),
                ],
            );
            let d = fc.deref_var(acc);
            fc.b.store_deref(d, pick, (1u32 << n) - 1);
        })?;
        let d = self.deref_var(acc);
        Ok(Some(Some(Operand::Value(self.b.load_deref(d)))))
    }

    /// `subgroupPartitionNV(x)`: the ballot of the invocations whose `x` equals this one's.
    fn partition(&mut self, a: hir::ExprId, span: Span) -> Result<ValueId, LowerError> {
        let m = self.m();
        let Shape::Value { scalar, n } = shape(m, m.expr(a).ty) else {
            return Err(LowerError::new(
                "`subgroupPartitionNV`: expected a scalar or vector",
                Some(span),
            ));
        };
        let x = self.expr_value(a)?;
        let u32x4 = self.b.types.vector(BaseType::Uint, 32, 4);
        let acc = self.new_local("partition", u32x4);
        let zero = self.b.constant(32, &[0; 4]);
        let d = self.deref_var(acc);
        self.b.store_deref(d, zero, 0xf);
        let float = scalar.is_float();
        self.invocation_loop(span, |fc, j, v_of| {
            let v = v_of(fc, x);
            let eq_op = if float { AluOp::Feq } else { AluOp::Ieq };
            let eq = fc.b.alu(eq_op, &[v, x]);
            let mut all = fc.b.channel(eq, 0);
            for c in 1..n {
                let e = fc.b.channel(eq, c);
                all = fc.b.alu(AluOp::Iand, &[all, e]);
            }
            let k31 = fc.b.imm_u32(31);
            let low = fc.b.alu(AluOp::Iand, &[j, k31]);
            let one = fc.b.imm_u32(1);
            let bit = fc.b.alu(AluOp::Ishl, &[one, low]);
            let k5 = fc.b.imm_u32(5);
            let word = fc.b.alu(AluOp::Ushr, &[j, k5]);
            let z = fc.b.imm_u32(0);
            let d = fc.deref_var(acc);
            let old = fc.b.load_deref(d);
            let mut words = Vec::with_capacity(4);
            for w in 0..4u32 {
                let kw = fc.b.imm_u32(w);
                let here = fc.b.alu(AluOp::Ieq, &[word, kw]);
                let set = fc.b.alu(AluOp::Iand, &[here, all]);
                let add = fc.b.alu(AluOp::Bcsel, &[set, bit, z]);
                let o = fc.b.channel(old, w as u8);
                words.push(fc.b.alu(AluOp::Ior, &[o, add]));
            }
            let new = fc.b.vec(&words);
            let d = fc.deref_var(acc);
            fc.b.store_deref(d, new, 0xf);
        })?;
        let d = self.deref_var(acc);
        Ok(self.b.load_deref(d))
    }

    /// Bit `j` of a `uvec4` ballot, as a boolean.
    fn ballot_bit(&mut self, ballot: ValueId, j: ValueId) -> ValueId {
        let k5 = self.b.imm_u32(5);
        let word = self.b.alu(AluOp::Ushr, &[j, k5]);
        let mut w = self.b.channel(ballot, 0);
        for c in 1..4u8 {
            let kc = self.b.imm_u32(u32::from(c));
            let here = self.b.alu(AluOp::Ieq, &[word, kc]);
            let wc = self.b.channel(ballot, c);
            w = self.b.alu(AluOp::Bcsel, &[here, wc, w]);
        }
        let k31 = self.b.imm_u32(31);
        let low = self.b.alu(AluOp::Iand, &[j, k31]);
        let shifted = self.b.alu(AluOp::Ushr, &[w, low]);
        let one = self.b.imm_u32(1);
        let b = self.b.alu(AluOp::Iand, &[shifted, one]);
        let z = self.b.imm_u32(0);
        self.b.alu(AluOp::Ine, &[b, z])
    }

    /// Runs `body(fc, j, read)` for each active invocation `j` (see the module docs);
    /// `read(fc, x)` is `x` of invocation `j`.
    fn invocation_loop(
        &mut self,
        span: Span,
        mut body: impl FnMut(&mut Self, ValueId, &dyn Fn(&mut Self, ValueId) -> ValueId),
    ) -> Result<(), LowerError> {
        let size = self.builtin_u32("gl_SubgroupSize", span)?;
        let cap = self.b.imm_u32(MAX_SUBGROUP);
        let size = self.b.alu(AluOp::Umin, &[size, cap]);
        let t = self.b.imm_bool(true);
        let active = self
            .b
            .intrinsic(Intrinsic::Ballot, &[t], 1, 32, &[])
            .expect("ballot has a result");
        let u32t = self.b.types.scalar(BaseType::Uint, 32);
        let jv = self.new_local("subgroup.j", u32t);
        let zero = self.b.imm_u32(0);
        let d = self.deref_var(jv);
        self.b.store_deref(d, zero, 1);
        let lp = self.b.push_loop();
        let d = self.deref_var(jv);
        let j = self.b.load_deref(d);
        let done = self.b.alu(AluOp::Uge, &[j, size]);
        let i = self.b.push_if(done);
        self.b.jump(JumpKind::Break);
        self.b.pop_if(i);
        let on = self.ballot_bit(active, j);
        let i = self.b.push_if(on);
        let read = move |fc: &mut Self, x: ValueId| {
            let (n, bits) = (fc.b.num_components(x), fc.b.bit_size(x));
            fc.b.intrinsic(Intrinsic::ReadInvocation, &[x, j], n, bits, &[])
                .expect("read_invocation has a result")
        };
        body(self, j, &read);
        self.b.pop_if(i);
        let one = self.b.imm_u32(1);
        let next = self.b.alu(AluOp::Iadd, &[j, one]);
        let d = self.deref_var(jv);
        self.b.store_deref(d, next, 1);
        self.b.pop_loop(lp);
        Ok(())
    }

    /// Loads a 32-bit built-in input (`gl_SubgroupSize`, `gl_SubgroupInvocationID`).
    fn builtin_u32(&mut self, name: &str, span: Span) -> Result<ValueId, LowerError> {
        let m = self.cx.m;
        let found = m
            .globals
            .iter()
            .copied()
            .find(|g| self.cx.interner.resolve(m.var(*g).name) == name);
        let Some(g) = found else {
            // Not named by the shader: the checker declared no variable for it.
            if let Some(v) = self.cx.implied_builtin(self.b.types, name) {
                let d = self.deref_var(v);
                return Ok(self.b.load_deref(d));
            }
            return Err(LowerError::new(
                format!("this subgroup function needs `{name}`"),
                Some(span),
            ));
        };
        match self.cx.global(self.b.types, g, span)? {
            Global::Var(v) => {
                let d = self.deref_var(v);
                Ok(self.b.load_deref(d))
            }
            _ => Err(LowerError::new(
                format!("`{name}` is not a variable"),
                Some(span),
            )),
        }
    }
}

fn base_of(s: Scalar) -> BaseType {
    if s == Scalar::Bool {
        BaseType::Bool
    } else if s.is_float() {
        BaseType::Float
    } else if s.is_signed_int() {
        BaseType::Int
    } else {
        BaseType::Uint
    }
}
