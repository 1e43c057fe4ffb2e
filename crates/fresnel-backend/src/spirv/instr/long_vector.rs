//! The vendor operations on GL_EXT_long_vector types, as glslang writes them with
//! SPV_EXT_long_vector. The vectors live in memory (the IR's `vendor_op` destinations and
//! operands are derefs): each operation loads its vector operands, computes on the whole
//! vector, and stores into the destination. The cooperative vector helpers
//! (`coopvec_nv.rs`: constructors, conversions, element access, operators) serve both
//! families; here are the built-in functions applied componentwise:
//!
//! * GLSL.std.450 (`sin`, `min`, `clamp`, `mix`, `smoothstep`, `refract`, ...) on the whole
//!   vector, a scalar operand replicated where the function takes vectors;
//! * `mod`, derivatives, `isnan`/`isinf`, the relational functions, `any`/`all`/`not`,
//!   `dot`, the bit-field functions and bit counts: their core instructions;
//! * `modf`, `frexp`, `uaddCarry`, `usubBorrow`, `umulExtended`, `imulExtended`: the
//!   struct-returning instruction, each member stored where it goes;
//! * the bit casts (`floatBitsToInt`, `uint16BitsToHalf`, `intBitsToBFloat16EXT`, ...):
//!   `OpBitcast`; `saturatedConvertEXT`: the conversion decorated as saturating;
//! * `expectEXT`: its value (the hint is dropped);
//! * the subgroup operations: `OpGroupNonUniform*` on the whole vector.

use fresnel_ir::{BaseType, Intrinsic, IntrinsicInstr, ValueId};

use super::super::coopvec_nv::Len;
use super::super::long_vector as lv;
use super::super::spec::{cap, glsl, op};
use super::super::tensor_arm::Elem;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use super::coopvec_nv::{deref_vec_like, CoopVec};
use super::vendor::deref_ty;
use crate::spirv::func::FuncCx;

/// GLSL.std.450 and core numbers `spec.rs` does not name.
mod n {
    pub const ROUND: u32 = 1;
    pub const RADIANS: u32 = 11;
    pub const DEGREES: u32 = 12;
    pub const S_CLAMP: u32 = 45;
    pub const U_CLAMP: u32 = 44;
    pub const SMOOTH_STEP: u32 = 49;
    pub const MODF_STRUCT: u32 = 36;
    pub const LENGTH: u32 = 66;
    pub const DISTANCE: u32 = 67;
    pub const NORMALIZE: u32 = 69;
    pub const FACE_FORWARD: u32 = 70;
    pub const REFLECT: u32 = 71;
    pub const REFRACT: u32 = 72;
    pub const U_GREATER_THAN: u16 = 172;
    pub const S_GREATER_THAN: u16 = 173;
    pub const U_LESS_THAN_EQUAL: u16 = 178;
    pub const S_LESS_THAN_EQUAL: u16 = 179;
    pub const F_ORD_GREATER_THAN: u16 = 186;
    pub const F_ORD_LESS_THAN_EQUAL: u16 = 188;
    pub const FWIDTH: u16 = 209;
    pub const FWIDTH_FINE: u16 = 212;
    pub const FWIDTH_COARSE: u16 = 215;
    pub const GROUP_NON_UNIFORM_SHUFFLE_XOR: u16 = 346;
    pub const GROUP_NON_UNIFORM_SHUFFLE_UP: u16 = 347;
    pub const GROUP_NON_UNIFORM_SHUFFLE_DOWN: u16 = 348;
    pub const GROUP_NON_UNIFORM_QUAD_BROADCAST: u16 = 365;
    pub const GROUP_NON_UNIFORM_QUAD_SWAP: u16 = 366;
    pub const GROUP_NON_UNIFORM_ROTATE_KHR: u16 = 4431;
    pub const GROUP_NON_UNIFORM_PARTITION_NV: u16 = 5296;
    pub const CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE: u32 = 66;
    pub const CAP_GROUP_NON_UNIFORM_CLUSTERED: u32 = 67;
    pub const CAP_GROUP_NON_UNIFORM_QUAD: u32 = 68;
    pub const CAP_GROUP_NON_UNIFORM_ROTATE_KHR: u32 = 6026;
    pub const CAP_GROUP_NON_UNIFORM_PARTITIONED_NV: u32 = 5297;
}

/// A long vector's component type and literal length (`None`: a specialization constant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct LongVec {
    pub elem: Elem,
    pub len: Option<u32>,
}

/// The long vector type a deref points to, if it is one.
pub(crate) fn deref_long_vector(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    v: ValueId,
) -> Option<LongVec> {
    match types.get(deref_ty(f, v)?) {
        fresnel_ir::Type::Opaque(name) => lv::parse(name).map(|l| LongVec {
            elem: l.elem,
            len: match l.len {
                Len::Lit(n) => Some(n),
                Len::Spec(_) => None,
            },
        }),
        _ => None,
    }
}

/// The operations written here (the built-ins besides `coopvec_nv.rs`'s structural ones
/// and operators, which take long vectors too).
const SUPPORTED: &[&str] = &[
    "construct",
    "convert",
    "extract",
    "insert",
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_mod",
    "op_and",
    "op_or",
    "op_xor",
    "op_shl",
    "op_shr",
    "op_neg",
    "op_bitnot",
    "op_not",
    "op_eq",
    "op_ne",
    "abs",
    "sign",
    "floor",
    "ceil",
    "trunc",
    "round",
    "roundEven",
    "fract",
    "radians",
    "degrees",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "pow",
    "exp",
    "log",
    "exp2",
    "log2",
    "sqrt",
    "inversesqrt",
    "min",
    "max",
    "clamp",
    "mix",
    "step",
    "smoothstep",
    "fma",
    "normalize",
    "faceforward",
    "reflect",
    "refract",
    "ldexp",
    "mod",
    "modf",
    "frexp",
    "length",
    "distance",
    "dot",
    "isnan",
    "isinf",
    "lessThan",
    "lessThanEqual",
    "greaterThan",
    "greaterThanEqual",
    "equal",
    "notEqual",
    "any",
    "all",
    "not",
    "uaddCarry",
    "usubBorrow",
    "umulExtended",
    "imulExtended",
    "bitfieldExtract",
    "bitfieldInsert",
    "bitfieldReverse",
    "bitCount",
    "findLSB",
    "findMSB",
    "expectEXT",
    "dFdx",
    "dFdy",
    "dFdxFine",
    "dFdyFine",
    "dFdxCoarse",
    "dFdyCoarse",
    "fwidth",
    "fwidthFine",
    "fwidthCoarse",
    "floatBitsToInt",
    "floatBitsToUint",
    "intBitsToFloat",
    "uintBitsToFloat",
    "doubleBitsToInt64",
    "doubleBitsToUint64",
    "int64BitsToDouble",
    "uint64BitsToDouble",
    "halfBitsToInt16",
    "halfBitsToUint16",
    "int16BitsToHalf",
    "uint16BitsToHalf",
    "float16BitsToInt16",
    "float16BitsToUint16",
    "int16BitsToFloat16",
    "uint16BitsToFloat16",
    "bfloat16BitsToIntEXT",
    "bfloat16BitsToUintEXT",
    "intBitsToBFloat16EXT",
    "uintBitsToBFloat16EXT",
    "floate5m2BitsToIntEXT",
    "floate5m2BitsToUintEXT",
    "intBitsToFloate5m2EXT",
    "uintBitsToFloate5m2EXT",
    "floate4m3BitsToIntEXT",
    "floate4m3BitsToUintEXT",
    "intBitsToFloate4m3EXT",
    "uintBitsToFloate4m3EXT",
    "saturatedConvertEXT",
    "subgroupAllEqual",
    "subgroupBroadcast",
    "subgroupBroadcastFirst",
    "subgroupShuffle",
    "subgroupShuffleXor",
    "subgroupShuffleUp",
    "subgroupShuffleDown",
    "subgroupRotate",
    "subgroupClusteredRotate",
    "subgroupQuadBroadcast",
    "subgroupQuadSwapHorizontal",
    "subgroupQuadSwapVertical",
    "subgroupQuadSwapDiagonal",
    "subgroupPartitionNV",
];

/// The subgroup arithmetic: `subgroup[Inclusive|Exclusive|Clustered]Op` and
/// `subgroupPartitioned[Inclusive|Exclusive]OpNV` (`None`: not one): the group operation
/// and the operation's name.
fn subgroup_arith(name: &str) -> Option<(u32, &str)> {
    let (group, rest) = if let Some(r) = name.strip_prefix("subgroupPartitioned") {
        let r = r.strip_suffix("NV")?;
        if let Some(o) = r.strip_prefix("Inclusive") {
            (7, o)
        } else if let Some(o) = r.strip_prefix("Exclusive") {
            (8, o)
        } else {
            (6, r)
        }
    } else {
        let r = name.strip_prefix("subgroup")?;
        if let Some(o) = r.strip_prefix("Inclusive") {
            (1, o)
        } else if let Some(o) = r.strip_prefix("Exclusive") {
            (2, o)
        } else if let Some(o) = r.strip_prefix("Clustered") {
            (3, o)
        } else {
            (0, r)
        }
    };
    matches!(rest, "Add" | "Mul" | "Min" | "Max" | "And" | "Or" | "Xor").then_some((group, rest))
}

/// Whether a vendor operation is one on long vectors written here: a known operation whose
/// derefs touch a long vector and otherwise only long and cooperative vectors.
pub(crate) fn supported(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    x: &IntrinsicInstr,
) -> bool {
    let Some(name) = super::vendor::op_name(x) else {
        return false;
    };
    if !SUPPORTED.contains(&name) && subgroup_arith(name).is_none() {
        return false;
    }
    let mut any = false;
    for &s in &x.srcs {
        if deref_long_vector(types, f, s).is_some() {
            any = true;
        } else if deref_ty(f, s).is_some_and(|t| types.is_opaque(t))
            && super::coopvec_nv::deref_coopvec(types, f, s).is_none()
        {
            return false;
        }
    }
    any
}

impl FuncCx<'_, '_> {
    /// A pointer to a long vector, its pointee type and the vector.
    fn lv_ptr(&mut self, v: ValueId) -> Result<(u32, u32, LongVec)> {
        self.vendor_ptr(v, deref_long_vector, "long vector")
    }

    fn lv_load(&mut self, v: ValueId) -> Result<(u32, u32, LongVec)> {
        self.vendor_load(v, deref_long_vector, "long vector")
    }

    fn lv_inst(&mut self, opc: u16, t: u32, args: &[u32]) -> u32 {
        let id = self.new_id();
        let mut ops = vec![t, id];
        ops.extend_from_slice(args);
        self.code.inst(opc, &ops);
        id
    }

    /// The vector of plain components `v` points to (small float components have no
    /// arithmetic).
    fn lv_plain(&self, v: ValueId, name: &str) -> Result<CoopVec> {
        deref_vec_like(&self.m.shader.types, self.f, v).ok_or_else(|| {
            SpirvError::new(format!(
                "`{name}` on a long vector of small floats has no SPIR-V form"
            ))
        })
    }

    /// An operand shaped like the vector `like` (type `t`): a vector loaded, a scalar
    /// converted to the component type and replicated.
    fn lv_arg(&mut self, v: ValueId, t: u32, like: CoopVec) -> Result<u32> {
        if deref_vec_like(&self.m.shader.types, self.f, v).is_some() {
            Ok(self.lv_load(v)?.0)
        } else {
            let e = self.cv_scalar(v, like)?;
            Ok(self.cv_splat(t, like, e))
        }
    }

    /// A long vector as long as the one `v` points to, with components of kind `k`.
    fn lv_like(&mut self, v: ValueId, k: Kind) -> Result<u32> {
        let types = &self.m.shader.types;
        let name = match deref_ty(self.f, v).map(|t| types.get(t)) {
            Some(fresnel_ir::Type::Opaque(n)) => n.clone(),
            _ => return Err(SpirvError::new("internal: not a long vector")),
        };
        self.m.long_vector_like(&name, k)
    }

    /// A 32-bit integer scalar operand (bit-field offsets and counts, invocation ids,
    /// cluster sizes, deltas).
    fn lv_u32(&mut self, v: ValueId) -> Result<u32> {
        let k = self.natural_kind(v);
        let id = self.value_as(v, k)?;
        if k.bits == 32 {
            Ok(id)
        } else {
            Ok(self.cv_scalar_convert(id, k, Kind::new(k.base, 32, 1)))
        }
    }

    /// Stores member `i` of the struct `s` (whose members are of type `t`) through `dst`.
    fn lv_store_member(&mut self, s: u32, i: u32, t: u32, dst: ValueId) -> Result<()> {
        let (p, ..) = self.ptr(dst)?;
        let e = self.lv_inst(op::COMPOSITE_EXTRACT, t, &[s, i]);
        self.code.inst(op::STORE, &[p, e]);
        Ok(())
    }

    /// Writes an operation on long vectors (`Ok(false)`: not one).
    pub(super) fn emit_long_vector(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
            || !supported(&self.m.shader.types, self.f, x)
        {
            return Ok(false);
        }
        let name = super::vendor::op_name(x).unwrap_or("");
        let s = x.srcs.clone();
        let arity = |k: usize| -> Result<()> {
            if s.len() == k {
                Ok(())
            } else {
                Err(SpirvError::new(format!(
                    "`{name}` on a long vector with {} operands",
                    s.len()
                )))
            }
        };
        if x.op == Intrinsic::VendorOpValue {
            return self.lv_value(x, name, &s);
        }
        if s.is_empty() {
            return Err(SpirvError::new(format!(
                "`{name}` on a long vector without operands"
            )));
        }
        if name.starts_with("subgroup") {
            return self.lv_subgroup(name, &s).map(|()| true);
        }
        if let Some(r) = self.lv_bitcast(name, &s)? {
            return Ok(r);
        }
        match name {
            "construct" | "convert" | "extract" | "insert" => return self.emit_vec_op(x),
            n if n.starts_with("op_") && n != "op_not" => return self.emit_vec_op(x),
            _ => {}
        }
        let (dp, dt, _) = self.lv_ptr(s[0])?;
        let dc = self.lv_plain(s[0], name)?;
        let float = dc.base == BaseType::Float;
        let signed = dc.base == BaseType::Int;
        let no_form = || {
            SpirvError::new(format!(
                "`{name}` of a long vector of {:?} has no SPIR-V form here",
                dc.base
            ))
        };
        let bool_mix = name == "mix"
            && s.get(3).is_some_and(|&c| {
                deref_vec_like(&self.m.shader.types, self.f, c)
                    .is_some_and(|c| c.base == BaseType::Bool)
            });
        if !bool_mix {
            if let Some(inst) = glsl_componentwise(name, dc.base, s.len() - 1) {
                self.vec_ext_inst(inst, &s)?;
                return Ok(true);
            }
        }
        let r = match name {
            "mix" => {
                // A boolean selector: `OpSelect` (the second operand where it is true).
                arity(4)?;
                let (c, ..) = self.lv_load(s[3])?;
                let a = self.lv_arg(s[1], dt, dc)?;
                let b = self.lv_arg(s[2], dt, dc)?;
                self.lv_inst(op::SELECT, dt, &[c, b, a])
            }
            "refract" if float => {
                arity(4)?;
                let i = self.lv_load(s[1])?.0;
                let nn = self.lv_load(s[2])?.0;
                let eta = self.cv_scalar(s[3], dc)?;
                let g = self.m.glsl_ext;
                self.lv_inst(op::EXT_INST, dt, &[g, n::REFRACT, i, nn, eta])
            }
            "ldexp" if float => {
                arity(3)?;
                let a = self.lv_load(s[1])?.0;
                let e = self.lv_load(s[2])?.0;
                let g = self.m.glsl_ext;
                self.lv_inst(op::EXT_INST, dt, &[g, glsl::LDEXP, a, e])
            }
            "mod" if float => {
                arity(3)?;
                let a = self.lv_arg(s[1], dt, dc)?;
                let b = self.lv_arg(s[2], dt, dc)?;
                self.lv_inst(op::F_MOD, dt, &[a, b])
            }
            "modf" | "frexp" if float => {
                // `frexp`'s exponents are 32-bit integers, converted to the argument's.
                arity(3)?;
                let a = self.lv_load(s[1])?.0;
                let (op_, ot, _) = self.lv_ptr(s[2])?;
                let oc = self.lv_plain(s[2], name)?;
                let (inst, mt) = if name == "modf" {
                    (n::MODF_STRUCT, ot)
                } else {
                    let i32k = Kind::new(BaseType::Int, 32, 1);
                    (glsl::FREXP_STRUCT, self.lv_like(s[2], i32k)?)
                };
                let st = self.m.ty(op::TYPE_STRUCT, &[dt, mt]);
                let g = self.m.glsl_ext;
                let r = self.lv_inst(op::EXT_INST, st, &[g, inst, a]);
                let e = self.lv_inst(op::COMPOSITE_EXTRACT, mt, &[r, 1]);
                let i32c = CoopVec {
                    base: BaseType::Int,
                    bits: 32,
                    ..oc
                };
                let e = self.lv_retype(e, (i32c, mt), (oc, ot), s[2])?;
                self.code.inst(op::STORE, &[op_, e]);
                self.lv_inst(op::COMPOSITE_EXTRACT, dt, &[r, 0])
            }
            "uaddCarry" | "usubBorrow" if !float => {
                arity(4)?;
                let a = self.lv_load(s[1])?.0;
                let b = self.lv_load(s[2])?.0;
                let st = self.m.ty(op::TYPE_STRUCT, &[dt, dt]);
                let opc = if name == "uaddCarry" {
                    op::I_ADD_CARRY
                } else {
                    op::I_SUB_BORROW
                };
                let r = self.lv_inst(opc, st, &[a, b]);
                self.lv_store_member(r, 1, dt, s[3])?;
                self.lv_inst(op::COMPOSITE_EXTRACT, dt, &[r, 0])
            }
            "umulExtended" | "imulExtended" if !float => {
                // (x, y, out msb, out lsb): no result of its own.
                arity(4)?;
                let (a, t, _) = self.lv_load(s[0])?;
                let b = self.lv_load(s[1])?.0;
                let st = self.m.ty(op::TYPE_STRUCT, &[t, t]);
                let opc = if signed {
                    op::S_MUL_EXTENDED
                } else {
                    op::U_MUL_EXTENDED
                };
                let r = self.lv_inst(opc, st, &[a, b]);
                self.lv_store_member(r, 1, t, s[2])?;
                self.lv_store_member(r, 0, t, s[3])?;
                return Ok(true);
            }
            "isnan" | "isinf" => {
                arity(2)?;
                let a = self.lv_load(s[1])?.0;
                let opc = if name == "isnan" {
                    op::IS_NAN
                } else {
                    op::IS_INF
                };
                self.lv_inst(opc, dt, &[a])
            }
            "lessThan" | "lessThanEqual" | "greaterThan" | "greaterThanEqual" | "equal"
            | "notEqual" => {
                arity(3)?;
                let oc = self.lv_plain(s[1], name)?;
                let a = self.lv_load(s[1])?.0;
                let b = self.lv_load(s[2])?.0;
                let opc = relational(name, oc.base).ok_or_else(no_form)?;
                self.lv_inst(opc, dt, &[a, b])
            }
            "not" | "op_not" => {
                arity(2)?;
                let a = self.lv_load(s[1])?.0;
                self.lv_inst(op::LOGICAL_NOT, dt, &[a])
            }
            "bitfieldExtract" | "bitfieldInsert" | "bitfieldReverse" | "bitCount" | "findLSB"
            | "findMSB"
                if !float =>
            {
                self.lv_bits(name, &s, dc, dt)?
            }
            "expectEXT" => {
                arity(3)?;
                self.lv_load(s[1])?.0
            }
            "dFdx" | "dFdy" | "dFdxFine" | "dFdyFine" | "dFdxCoarse" | "dFdyCoarse" | "fwidth"
            | "fwidthFine" | "fwidthCoarse"
                if float =>
            {
                arity(2)?;
                let a = self.lv_load(s[1])?.0;
                let opc = match name {
                    "dFdx" => op::DPDX,
                    "dFdy" => op::DPDY,
                    "dFdxFine" => op::DPDX_FINE,
                    "dFdyFine" => op::DPDY_FINE,
                    "dFdxCoarse" => op::DPDX_COARSE,
                    "dFdyCoarse" => op::DPDY_COARSE,
                    "fwidth" => n::FWIDTH,
                    "fwidthFine" => n::FWIDTH_FINE,
                    _ => n::FWIDTH_COARSE,
                };
                if opc != op::DPDX && opc != op::DPDY && opc != n::FWIDTH {
                    self.m.cap(cap::DERIVATIVE_CONTROL);
                }
                self.lv_inst(opc, dt, &[a])
            }
            _ => return Err(no_form()),
        };
        self.code.inst(op::STORE, &[dp, r]);
        Ok(true)
    }

    /// The bit-field functions and bit counts. Vulkan takes 32-bit operands only: 8- and
    /// 16-bit vectors are widened (sign-extended for a signed extract, zero-extended
    /// otherwise) and the result narrowed; a 64-bit `bitCount` adds the counts of the two
    /// halves; the other functions of 64-bit vectors have no form here.
    fn lv_bits(&mut self, name: &str, s: &[ValueId], dc: CoopVec, dt: u32) -> Result<u32> {
        let want = match name {
            "bitfieldExtract" | "bitfieldInsert" => 4 + usize::from(name == "bitfieldInsert"),
            _ => 2,
        };
        if s.len() != want {
            return Err(SpirvError::new(format!(
                "`{name}` on a long vector with {} operands",
                s.len()
            )));
        }
        let (a, at, _) = self.lv_load(s[1])?;
        let ac = self.lv_plain(s[1], name)?;
        let u32c = CoopVec {
            base: BaseType::Uint,
            bits: 32,
            ..ac
        };
        if ac.bits == 64 && name == "bitCount" {
            // The counts of the two 32-bit halves added.
            let u64c = CoopVec {
                base: BaseType::Uint,
                bits: 64,
                ..ac
            };
            let ut = self.lv_like(s[1], Kind::new(BaseType::Uint, 64, 1))?;
            let wt = self.lv_like(s[1], Kind::new(BaseType::Uint, 32, 1))?;
            let x = if ac.base == BaseType::Uint {
                a
            } else {
                self.lv_inst(op::BITCAST, ut, &[a])
            };
            let k32 = self.m.constant(Kind::new(BaseType::Uint, 64, 1), &[32]);
            let k32 = self.cv_splat(ut, u64c, k32);
            let high = self.lv_inst(op::SHIFT_RIGHT_LOGICAL, ut, &[x, k32]);
            let lo = self.lv_inst(op::U_CONVERT, wt, &[x]);
            let hi = self.lv_inst(op::U_CONVERT, wt, &[high]);
            let cl = self.lv_inst(op::BIT_COUNT, wt, &[lo]);
            let ch = self.lv_inst(op::BIT_COUNT, wt, &[hi]);
            let r = self.lv_inst(op::I_ADD, wt, &[cl, ch]);
            return self.lv_retype(r, (u32c, wt), (dc, dt), s[1]);
        }
        if ac.bits == 64 {
            return Err(SpirvError::new(format!(
                "`{name}` of a 64-bit long vector: Vulkan's bit instructions take 32-bit operands"
            )));
        }
        let signed = ac.base == BaseType::Int;
        // The operand's components at 32 bits: sign-extended only for a signed extract.
        let wide_c = CoopVec {
            base: if signed && name == "bitfieldExtract" {
                BaseType::Int
            } else {
                BaseType::Uint
            },
            bits: 32,
            ..ac
        };
        let wide_k = Kind::new(wide_c.base, 32, 1);
        let wt = self.lv_like(s[1], wide_k)?;
        let as_unsigned = CoopVec {
            base: BaseType::Uint,
            ..ac
        };
        let widen = |cx: &mut Self, v: u32| -> Result<u32> {
            if ac.bits == 32 && ac.base == wide_c.base {
                return Ok(v);
            }
            // Zero extension goes through the unsigned type of the operand's width.
            let (v, from, ft) = if wide_c.base == BaseType::Uint && ac.base != BaseType::Uint {
                let ut = cx.lv_like(s[1], Kind::new(BaseType::Uint, ac.bits, 1))?;
                (cx.lv_inst(op::BITCAST, ut, &[v]), as_unsigned, ut)
            } else {
                (v, ac, at)
            };
            cx.lv_retype(v, (from, ft), (wide_c, wt), s[1])
        };
        let x = widen(self, a)?;
        let r = match name {
            "bitfieldExtract" => {
                let off = self.lv_u32(s[2])?;
                let count = self.lv_u32(s[3])?;
                let opc = if signed {
                    op::BIT_FIELD_S_EXTRACT
                } else {
                    op::BIT_FIELD_U_EXTRACT
                };
                self.lv_inst(opc, wt, &[x, off, count])
            }
            "bitfieldInsert" => {
                let b = self.lv_load(s[2])?.0;
                let y = widen(self, b)?;
                let off = self.lv_u32(s[3])?;
                let count = self.lv_u32(s[4])?;
                self.lv_inst(op::BIT_FIELD_INSERT, wt, &[x, y, off, count])
            }
            "bitfieldReverse" => {
                let r = self.lv_inst(op::BIT_REVERSE, wt, &[x]);
                if ac.bits == 32 {
                    r
                } else {
                    let k = Kind::new(BaseType::Uint, 32, 1);
                    let sh = self.m.constant(k, &[u64::from(32 - u32::from(ac.bits))]);
                    let sh = self.cv_splat(wt, wide_c, sh);
                    self.lv_inst(op::SHIFT_RIGHT_LOGICAL, wt, &[r, sh])
                }
            }
            "bitCount" => self.lv_inst(op::BIT_COUNT, wt, &[x]),
            _ => {
                let inst = match (name, signed) {
                    ("findLSB", _) => glsl::FIND_I_LSB,
                    (_, true) => glsl::FIND_S_MSB,
                    _ => glsl::FIND_U_MSB,
                };
                let x = if name == "findMSB" && signed && ac.bits != 32 {
                    // findMSB of a negative number counts from the sign: sign-extended.
                    let it = self.lv_like(s[1], Kind::new(BaseType::Int, 32, 1))?;
                    let ic = CoopVec {
                        base: BaseType::Int,
                        bits: 32,
                        ..ac
                    };
                    self.lv_retype(a, (ac, at), (ic, it), s[1])?
                } else {
                    x
                };
                let g = self.m.glsl_ext;
                self.lv_inst(op::EXT_INST, wt, &[g, inst, x])
            }
        };
        // The result's components from the 32-bit ones.
        self.lv_retype(r, (wide_c, wt), (dc, dt), s[1])
    }

    /// `r` (components like `from`, type `ft`) as components like `to` (type `tt`); an
    /// integer changing both width and signedness is converted at its own signedness,
    /// then reinterpreted (`OpUConvert`/`OpSConvert` keep the signedness). `shape`: a
    /// long vector of the same length, for the type in between.
    fn lv_retype(
        &mut self,
        r: u32,
        (from, ft): (CoopVec, u32),
        (to, tt): (CoopVec, u32),
        shape: ValueId,
    ) -> Result<u32> {
        if ft == tt {
            return Ok(r);
        }
        let (fk, tk) = (
            Kind::new(from.base, from.bits, 1),
            Kind::new(to.base, to.bits, 1),
        );
        let ints = |b: BaseType| matches!(b, BaseType::Int | BaseType::Uint);
        if ints(from.base) && ints(to.base) && from.base != to.base && from.bits != to.bits {
            let mid_k = Kind::new(from.base, to.bits, 1);
            let mt = self.lv_like(shape, mid_k)?;
            let opc = if from.base == BaseType::Int {
                op::S_CONVERT
            } else {
                op::U_CONVERT
            };
            let m = self.lv_inst(opc, mt, &[r]);
            return Ok(self.lv_inst(op::BITCAST, tt, &[m]));
        }
        Ok(match Self::cv_convert_op(fk, tk) {
            None => r,
            Some(o) => self.lv_inst(o, tt, &[r]),
        })
    }

    /// The operations with an ordinary result: an element read, a scalar from the first
    /// component, `length`, `distance`, `dot`, `any`, `all`, `subgroupAllEqual`,
    /// `subgroupPartitionNV`.
    fn lv_value(&mut self, x: &IntrinsicInstr, name: &str, s: &[ValueId]) -> Result<bool> {
        let Some(dest) = x.dest else {
            return Err(SpirvError::new(format!(
                "`{name}` on a long vector without a result"
            )));
        };
        if name == "extract" {
            return self.emit_vec_op(x);
        }
        let bits = self.f.values[dest].bit_size;
        let dk = match name {
            "length" | "distance" | "dot" => Kind::new(BaseType::Float, bits, 1),
            "any" | "all" | "subgroupAllEqual" | "op_eq" | "op_ne" => {
                Kind::new(BaseType::Bool, 1, 1)
            }
            "subgroupPartitionNV" => Kind::new(BaseType::Uint, 32, 4),
            _ => self.kind_of(dest),
        };
        let dt = self.m.kind_type(dk);
        let g = self.m.glsl_ext;
        let id = match (name, s) {
            ("construct" | "convert", [v]) => {
                // A scalar from the first component.
                let c = self.lv_plain(*v, name)?;
                let (a, ..) = self.lv_load(*v)?;
                let ck = Kind::new(c.base, c.bits, 1);
                let ct = self.m.kind_type(ck);
                let e = self.lv_inst(op::COMPOSITE_EXTRACT, ct, &[a, 0]);
                self.cv_scalar_convert(e, ck, dk)
            }
            ("op_eq" | "op_ne", [a, b]) => {
                // Whole-vector equality: every component equal (or not every one).
                let c = self.lv_plain(*a, name)?;
                let rel = if name == "op_eq" { "equal" } else { "notEqual" };
                let opc = relational(rel, c.base).ok_or_else(|| {
                    SpirvError::new(format!("`{name}` of long vectors of {:?}", c.base))
                })?;
                let bt = self.lv_like(*a, Kind::new(BaseType::Bool, 1, 1))?;
                let x = self.lv_load(*a)?.0;
                let y = self.lv_load(*b)?.0;
                let r = self.lv_inst(opc, bt, &[x, y]);
                let fold = if name == "op_eq" { op::ALL } else { op::ANY };
                self.lv_inst(fold, dt, &[r])
            }
            ("length", [v]) => {
                let a = self.lv_load(*v)?.0;
                self.lv_inst(op::EXT_INST, dt, &[g, n::LENGTH, a])
            }
            ("distance", [a, b]) => {
                let a = self.lv_load(*a)?.0;
                let b = self.lv_load(*b)?.0;
                self.lv_inst(op::EXT_INST, dt, &[g, n::DISTANCE, a, b])
            }
            ("dot", [a, b]) if self.lv_plain(*a, name)?.base == BaseType::Float => {
                let a = self.lv_load(*a)?.0;
                let b = self.lv_load(*b)?.0;
                self.lv_inst(op::DOT, dt, &[a, b])
            }
            ("any" | "all", [v]) => {
                let a = self.lv_load(*v)?.0;
                let opc = if name == "any" { op::ANY } else { op::ALL };
                self.lv_inst(opc, dt, &[a])
            }
            ("subgroupAllEqual", [v]) => {
                self.m.cap(cap::GROUP_NON_UNIFORM);
                self.m.cap(cap::GROUP_NON_UNIFORM_VOTE);
                let scope = self.m.const_u32(3);
                let a = self.lv_load(*v)?.0;
                self.lv_inst(op::GROUP_NON_UNIFORM_ALL_EQUAL, dt, &[scope, a])
            }
            ("subgroupPartitionNV", [v]) => {
                self.lv_partitioned_cap();
                let a = self.lv_load(*v)?.0;
                self.lv_inst(n::GROUP_NON_UNIFORM_PARTITION_NV, dt, &[a])
            }
            _ => {
                return Err(SpirvError::new(format!(
                    "`{name}` on long vectors with an ordinary result has no SPIR-V form here"
                )))
            }
        };
        self.set(dest, id, dk);
        Ok(true)
    }

    fn lv_partitioned_cap(&mut self) {
        self.m.cap(n::CAP_GROUP_NON_UNIFORM_PARTITIONED_NV);
        self.m.exts.insert("SPV_NV_shader_subgroup_partitioned");
    }

    /// The bit casts and `saturatedConvertEXT` (`None`: not one): the destination's type
    /// from the source's, components of the same width.
    fn lv_bitcast(&mut self, name: &str, s: &[ValueId]) -> Result<Option<bool>> {
        let bitcast = name.contains("BitsTo");
        if !bitcast && name != "saturatedConvertEXT" {
            return Ok(None);
        }
        if s.len() != 2 {
            return Err(SpirvError::new(format!(
                "`{name}` on a long vector with {} operands",
                s.len()
            )));
        }
        let (dp, dt, dl) = self.lv_ptr(s[0])?;
        let (a, _, sl) = self.lv_load(s[1])?;
        let r = if bitcast {
            self.lv_inst(op::BITCAST, dt, &[a])
        } else {
            let r = self.lv_inst(op::F_CONVERT, dt, &[a]);
            if matches!(dl.elem, Elem::Small(_)) && !matches!(sl.elem, Elem::Small(_)) {
                self.m
                    .decorate(r, super::super::small_float::DECOR_SATURATED_FLOAT8, &[]);
            }
            r
        };
        self.code.inst(op::STORE, &[dp, r]);
        Ok(Some(true))
    }

    /// The subgroup operations on a whole long vector (their results stored).
    fn lv_subgroup(&mut self, name: &str, s: &[ValueId]) -> Result<()> {
        if self.m.version() < (1, 3) {
            return Err(SpirvError::new(format!(
                "subgroup operation `{name}` needs SPIR-V 1.3 (target Vulkan 1.1 or later)"
            )));
        }
        let (dp, dt, _) = self.lv_ptr(s[0])?;
        let dc = self.lv_plain(s[0], name)?;
        let Some(&v) = s.get(1) else {
            return Err(SpirvError::new(format!("`{name}` without its operand")));
        };
        let a = self.lv_load(v)?.0;
        self.m.cap(cap::GROUP_NON_UNIFORM);
        let scope = self.m.const_u32(3);
        let extra = |cx: &mut Self, i: usize| -> Result<u32> {
            match s.get(i) {
                Some(&e) => cx.lv_u32(e),
                None => Err(SpirvError::new(format!(
                    "`{name}` without all its operands"
                ))),
            }
        };
        let r = if let Some((group, o)) = subgroup_arith(name) {
            self.m.cap(cap::GROUP_NON_UNIFORM_ARITHMETIC);
            let (float, boolean) = (dc.base == BaseType::Float, dc.base == BaseType::Bool);
            let signed = dc.base == BaseType::Int;
            let opc: u16 = match o {
                "Add" if float => 350,
                "Add" => 349,
                "Mul" if float => 352,
                "Mul" => 351,
                "Min" if float => 355,
                "Min" if signed => 353,
                "Min" => 354,
                "Max" if float => 358,
                "Max" if signed => 356,
                "Max" => 357,
                "And" if boolean => 362,
                "Or" if boolean => 363,
                "Xor" if boolean => 364,
                "And" => 359,
                "Or" => 360,
                _ => 361,
            };
            let mut ops = vec![scope, group, a];
            match group {
                3 => {
                    self.m.cap(n::CAP_GROUP_NON_UNIFORM_CLUSTERED);
                    ops.push(extra(self, 2)?);
                }
                6..=8 => {
                    self.lv_partitioned_cap();
                    let Some(&ballot) = s.get(2) else {
                        return Err(SpirvError::new(format!("`{name}` without its partition")));
                    };
                    let b = self.value_as(ballot, Kind::new(BaseType::Uint, 32, 4))?;
                    ops.push(b);
                }
                _ => {}
            }
            self.lv_inst(opc, dt, &ops)
        } else {
            let (opc, capability, operand) = match name {
                "subgroupBroadcast" => (
                    op::GROUP_NON_UNIFORM_BROADCAST,
                    cap::GROUP_NON_UNIFORM_BALLOT,
                    true,
                ),
                "subgroupBroadcastFirst" => (
                    op::GROUP_NON_UNIFORM_BROADCAST_FIRST,
                    cap::GROUP_NON_UNIFORM_BALLOT,
                    false,
                ),
                "subgroupShuffle" => (
                    op::GROUP_NON_UNIFORM_SHUFFLE,
                    cap::GROUP_NON_UNIFORM_SHUFFLE,
                    true,
                ),
                "subgroupShuffleXor" => (
                    n::GROUP_NON_UNIFORM_SHUFFLE_XOR,
                    cap::GROUP_NON_UNIFORM_SHUFFLE,
                    true,
                ),
                "subgroupShuffleUp" => (
                    n::GROUP_NON_UNIFORM_SHUFFLE_UP,
                    n::CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE,
                    true,
                ),
                "subgroupShuffleDown" => (
                    n::GROUP_NON_UNIFORM_SHUFFLE_DOWN,
                    n::CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE,
                    true,
                ),
                "subgroupQuadBroadcast" => (
                    n::GROUP_NON_UNIFORM_QUAD_BROADCAST,
                    n::CAP_GROUP_NON_UNIFORM_QUAD,
                    true,
                ),
                "subgroupQuadSwapHorizontal"
                | "subgroupQuadSwapVertical"
                | "subgroupQuadSwapDiagonal" => (
                    n::GROUP_NON_UNIFORM_QUAD_SWAP,
                    n::CAP_GROUP_NON_UNIFORM_QUAD,
                    false,
                ),
                "subgroupRotate" | "subgroupClusteredRotate" => {
                    self.m.exts.insert("SPV_KHR_subgroup_rotate");
                    (
                        n::GROUP_NON_UNIFORM_ROTATE_KHR,
                        n::CAP_GROUP_NON_UNIFORM_ROTATE_KHR,
                        true,
                    )
                }
                _ => {
                    return Err(SpirvError::new(format!(
                        "`{name}` on a long vector has no SPIR-V form here"
                    )))
                }
            };
            self.m.cap(capability);
            let mut ops = vec![scope, a];
            if operand {
                ops.push(extra(self, 2)?);
            }
            match name {
                "subgroupQuadSwapHorizontal" => ops.push(self.m.const_u32(0)),
                "subgroupQuadSwapVertical" => ops.push(self.m.const_u32(1)),
                "subgroupQuadSwapDiagonal" => ops.push(self.m.const_u32(2)),
                "subgroupClusteredRotate" => ops.push(extra(self, 3)?),
                _ => {}
            }
            self.lv_inst(opc, dt, &ops)
        };
        self.code.inst(op::STORE, &[dp, r]);
        Ok(())
    }
}

/// The GLSL.std.450 instruction of a component-wise built-in on vectors of `base`
/// components whose operands are all shaped like the result (a scalar operand replicated),
/// given its number of operands (`None`: not one). Shared with `coopvec_nv.rs`.
pub(super) fn glsl_componentwise(name: &str, base: BaseType, operands: usize) -> Option<u32> {
    let (float, signed, unsigned) = (
        base == BaseType::Float,
        base == BaseType::Int,
        base == BaseType::Uint,
    );
    Some(match name {
        "abs" if float => glsl::F_ABS,
        "abs" if signed => glsl::S_ABS,
        "sign" if float => glsl::F_SIGN,
        "sign" if signed => glsl::S_SIGN,
        "min" if float => glsl::F_MIN,
        "min" if signed => glsl::S_MIN,
        "min" if unsigned => glsl::U_MIN,
        "max" if float => glsl::F_MAX,
        "max" if signed => glsl::S_MAX,
        "max" if unsigned => glsl::U_MAX,
        "clamp" if float => glsl::F_CLAMP,
        "clamp" if signed => n::S_CLAMP,
        "clamp" if unsigned => n::U_CLAMP,
        _ if !float => return None,
        "floor" => glsl::FLOOR,
        "ceil" => glsl::CEIL,
        "trunc" => glsl::TRUNC,
        "round" => n::ROUND,
        "roundEven" => glsl::ROUND_EVEN,
        "fract" => glsl::FRACT,
        "radians" => n::RADIANS,
        "degrees" => n::DEGREES,
        "sin" => glsl::SIN,
        "cos" => glsl::COS,
        "tan" => glsl::TAN,
        "asin" => glsl::ASIN,
        "acos" => glsl::ACOS,
        "atan" if operands == 2 => glsl::ATAN2,
        "atan" => glsl::ATAN,
        "sinh" => glsl::SINH,
        "cosh" => glsl::COSH,
        "tanh" => glsl::TANH,
        "asinh" => glsl::ASINH,
        "acosh" => glsl::ACOSH,
        "atanh" => glsl::ATANH,
        "pow" => glsl::POW,
        "exp" => glsl::EXP,
        "log" => glsl::LOG,
        "exp2" => glsl::EXP2,
        "log2" => glsl::LOG2,
        "sqrt" => glsl::SQRT,
        "inversesqrt" => glsl::INVERSE_SQRT,
        "mix" => glsl::F_MIX,
        "step" => glsl::STEP,
        "smoothstep" => n::SMOOTH_STEP,
        "fma" => glsl::FMA,
        "normalize" => n::NORMALIZE,
        "faceforward" => n::FACE_FORWARD,
        "reflect" => n::REFLECT,
        _ => return None,
    })
}

/// The comparison opcode of a relational built-in on components of `base`.
fn relational(name: &str, base: BaseType) -> Option<u16> {
    use BaseType::{Bool, Float, Int, Uint};
    Some(match (name, base) {
        ("lessThan", Float) => op::F_ORD_LESS_THAN,
        ("lessThan", Int) => op::S_LESS_THAN,
        ("lessThan", Uint) => op::U_LESS_THAN,
        ("lessThanEqual", Float) => n::F_ORD_LESS_THAN_EQUAL,
        ("lessThanEqual", Int) => n::S_LESS_THAN_EQUAL,
        ("lessThanEqual", Uint) => n::U_LESS_THAN_EQUAL,
        ("greaterThan", Float) => n::F_ORD_GREATER_THAN,
        ("greaterThan", Int) => n::S_GREATER_THAN,
        ("greaterThan", Uint) => n::U_GREATER_THAN,
        ("greaterThanEqual", Float) => op::F_ORD_GREATER_THAN_EQUAL,
        ("greaterThanEqual", Int) => op::S_GREATER_THAN_EQUAL,
        ("greaterThanEqual", Uint) => op::U_GREATER_THAN_EQUAL,
        ("equal", Float) => op::F_ORD_EQUAL,
        ("equal", Int | Uint) => op::I_EQUAL,
        ("equal", Bool) => op::LOGICAL_EQUAL,
        ("notEqual", Float) => op::F_UNORD_NOT_EQUAL,
        ("notEqual", Int | Uint) => op::I_NOT_EQUAL,
        ("notEqual", Bool) => op::LOGICAL_NOT_EQUAL,
        _ => return None,
    })
}
