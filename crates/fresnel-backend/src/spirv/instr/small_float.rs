//! The vendor operations on the small float types (issue 5, helper F): GL_EXT_bfloat16 as
//! SPV_KHR_bfloat16, GL_EXT_float_e4m3 / GL_EXT_float_e5m2 as SPV_EXT_float8 (types:
//! `small_float.rs`). The values live in memory (the IR's `vendor_op` destinations and
//! operands are derefs); the lowering passes ordinary sources and results of these
//! operations through temporaries of their own type, so every operand here has a type.
//!
//! * `construct` / `convert`: the components converted one source at a time (`OpFConvert`
//!   between float formats, `OpConvertSToF` / `OpConvertUToF` from integers,
//!   `OpConvertFToS` / `OpConvertFToU` to them, `OpSelect` of 1 and 0 from booleans, a
//!   comparison with 0 of the `float` value to booleans), then gathered with
//!   `OpCompositeConstruct` (a scalar splatted to a vector, extra components dropped, as
//!   GLSL constructors do); a structure or array holding these types is built member by
//!   member (`S(b)`, `T[2](b, b)`);
//! * `saturatedConvertEXT(out f8, x)`: the conversion decorated
//!   `SaturatedToLargestFloat8NormalConversionEXT`;
//! * `extract` / `insert` (`v[i]`): an access chain, then a load / store; `swizzle` /
//!   `insert_swizzle`: `OpCompositeExtract` / `OpVectorShuffle` (`OpCompositeInsert` for one
//!   component);
//! * `spec_constant` (a read of a specialization constant of these types): its
//!   `OpSpecConstant` (`types.rs`, `declare_spec_constants`) stored to the destination;
//! * `dot(bf16vec, bf16vec)`: `OpDot` (capability `BFloat16DotProductKHR`);
//! * the bit casts (`bfloat16BitsToIntEXT`, `uintBitsToFloate4m3EXT`, ...): `OpBitcast`.
//!
//! Arithmetic and comparisons on these types have no SPIR-V form in these extensions (the
//! types take part in conversions, composites, memory and `OpDot` only): they are rejected
//! naming the operation.
//!
//! The OCP microscaling formats (GL_EXT_float_e2m1 / e2m3 / e3m2 / ue8m0 / mxint8 as
//! SPV_EXT_ocp_microscaling_types), as scalars, vectors and long vectors (any length, SPV_EXT_long_vector):
//! SPIR-V converts only *from* them (`OpFConvert` to other floats; to integers through
//! `float`), so a constructor or conversion *to* one, which GLSL allows only of constants,
//! is folded here: each component of the constant (a value, or the typed temporary the
//! lowering stored it in) becomes an `OpConstant` of its bit pattern
//! (`small_float::FormatNumbers::encode`: nearest, ties to even, saturating); anything else is
//! refused by name. `pack*`/`unpack*` are `OpBitcast` between the vector and integers of
//! the same size, `bitcastExtract*EXT` is `OpBitcastExtractEXT` (capability
//! `BitcastExtractEXT`), and the ue8m0/mxint8 bit casts `OpBitcast`.

use fresnel_ir::{BaseType, Intrinsic, IntrinsicInstr, Type, ValueId};

use super::super::small_float::{self as sf, Format, FormatNumbers, SmallFloat};
use super::super::spec::op;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::{FuncCx, Val};

/// The type of an operand: a small float or an ordinary scalar/vector (booleans 1-bit).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ty {
    Small(Format, u8),
    Plain(Kind),
}

impl Ty {
    fn comps(self) -> u8 {
        match self {
            Ty::Small(_, n) => n,
            Ty::Plain(k) => k.comps,
        }
    }
    fn with_comps(self, n: u8) -> Ty {
        match self {
            Ty::Small(f, _) => Ty::Small(f, n),
            Ty::Plain(k) => Ty::Plain(k.with_comps(n)),
        }
    }
}

/// The operations written here.
const SUPPORTED: &[&str] = &[
    "construct",
    "convert",
    "extract",
    "insert",
    "swizzle",
    "insert_swizzle",
    "spec_constant",
    "dot",
    "saturatedConvertEXT",
    "bfloat16BitsToIntEXT",
    "bfloat16BitsToUintEXT",
    "floate4m3BitsToIntEXT",
    "floate4m3BitsToUintEXT",
    "floate5m2BitsToIntEXT",
    "floate5m2BitsToUintEXT",
    "intBitsToBFloat16EXT",
    "uintBitsToBFloat16EXT",
    "intBitsToFloate4m3EXT",
    "uintBitsToFloate4m3EXT",
    "intBitsToFloate5m2EXT",
    "uintBitsToFloate5m2EXT",
    // The microscaling formats.
    "floatue8m0BitsToIntEXT",
    "floatue8m0BitsToUintEXT",
    "floatmxint8BitsToIntEXT",
    "floatmxint8BitsToUintEXT",
    "intBitsToFloatue8m0EXT",
    "uintBitsToFloatue8m0EXT",
    "intBitsToFloatmxint8EXT",
    "uintBitsToFloatmxint8EXT",
    "bitcastExtractfe2m1EXT",
    "bitcastExtractfe2m3EXT",
    "bitcastExtractfe3m2EXT",
    "packFloat2xfe2m1EXT",
    "packFloat4xfe2m1EXT",
    "packFloat8xfe2m1EXT",
    "packFloat16xfe2m1EXT",
    "packFloat4xfe2m3EXT",
    "packFloat8xfe2m3EXT",
    "packFloat16xfe2m3EXT",
    "packFloat4xfe3m2EXT",
    "packFloat8xfe3m2EXT",
    "packFloat16xfe3m2EXT",
    "unpackFloat2xfe2m1EXT",
    "unpackFloat4xfe2m1EXT",
    "unpackFloat8xfe2m1EXT",
    "unpackFloat16xfe2m1EXT",
    "unpackFloat4xfe2m3EXT",
    "unpackFloat8xfe2m3EXT",
    "unpackFloat16xfe2m3EXT",
    "unpackFloat4xfe3m2EXT",
    "unpackFloat8xfe3m2EXT",
    "unpackFloat16xfe3m2EXT",
];

/// A long vector of literal length (at most 255) of a microscaling format or of an
/// ordinary scalar type.
fn long_vector(n: &str) -> Option<Ty> {
    use super::super::coopvec_nv::Len;
    use super::super::tensor_arm::Elem;
    let v = super::super::long_vector::parse(n)?;
    let Len::Lit(len) = v.len else { return None };
    let len = u8::try_from(len).ok()?;
    match v.elem {
        Elem::Small(f) if f.is_ocp() => Some(Ty::Small(f, len)),
        Elem::Small(_) => None,
        Elem::Plain(b, bits) => Some(Ty::Plain(Kind::new(b, bits, len))),
    }
}

/// The refusal of a conversion to a microscaling format of a value not known when
/// compiling (GLSL's constructors of these types take constants only).
fn ocp_conversion_error(f: Format) -> SpirvError {
    let name = f.scalar_name();
    SpirvError::new(format!(
        "a conversion to `{name}` ({}) of a value not known at compile time has no SPIR-V form (SPV_EXT_ocp_microscaling_types converts only from these types)",
        fresnel_ir::vendor::vendor_extension(name)
    ))
}

/// The GLSL name of an ordinary scalar kind (the element of a long vector).
fn plain_name(k: Kind) -> &'static str {
    match (k.base, k.bits) {
        (BaseType::Bool, _) => "bool",
        (BaseType::Int, 8) => "int8_t",
        (BaseType::Int, 16) => "int16_t",
        (BaseType::Int, 64) => "int64_t",
        (BaseType::Int, _) => "int",
        (BaseType::Uint, 8) => "uint8_t",
        (BaseType::Uint, 16) => "uint16_t",
        (BaseType::Uint, 64) => "uint64_t",
        (BaseType::Uint, _) => "uint",
        (BaseType::Float, 16) => "float16_t",
        (BaseType::Float, 64) => "double",
        (BaseType::Float, _) => "float",
    }
}

/// The type under any arrays.
fn innermost(types: &fresnel_ir::Types, mut t: fresnel_ir::TypeId) -> fresnel_ir::TypeId {
    for _ in 0..64 {
        match types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            _ => break,
        }
    }
    t
}

/// Whether a type is or holds (in arrays and structures) a small float type, and no other
/// opaque type.
fn holds_small(types: &fresnel_ir::Types, t: fresnel_ir::TypeId, depth: u32) -> Option<bool> {
    if depth > 64 {
        return None;
    }
    match types.get(innermost(types, t)) {
        Type::Opaque(n) => match sf::parse(n) {
            Some(_) => Some(true),
            // A long vector of a microscaling format.
            None => long_vector(n).map(|t| matches!(t, Ty::Small(..))),
        },
        Type::Struct { fields, .. } => {
            let mut any = false;
            for f in fields {
                any |= holds_small(types, f.ty, depth + 1)?;
            }
            Some(any)
        }
        _ => Some(false),
    }
}

use super::vendor::deref_ty;

/// Whether a vendor operation is one on the small float types written here: a known
/// operation whose derefs touch these types and no other vendor type.
pub(crate) fn supported(
    types: &fresnel_ir::Types,
    f: &fresnel_ir::Function,
    x: &IntrinsicInstr,
) -> bool {
    let Some(name) = super::vendor::op_name(x) else {
        return false;
    };
    if !SUPPORTED.contains(&name) {
        return false;
    }
    let mut small = false;
    // Long vectors of ordinary types are operands only next to a microscaling format
    // (`bitcastExtractfe2m1EXT(vector<uint8_t, 7>(...), 3)`); otherwise `long_vector.rs`
    // writes the operation.
    let mut plain_long = false;
    let mut ocp = false;
    for &s in &x.srcs {
        if let Some(t) = deref_ty(f, s) {
            match holds_small(types, t, 0) {
                Some(true) => {
                    small = true;
                    ocp |= holds_ocp(types, t);
                }
                Some(false) => {
                    if types.is_opaque(t) {
                        match types.get(t) {
                            Type::Opaque(n) if long_vector(n).is_some() => plain_long = true,
                            _ => return false,
                        }
                    }
                }
                None => return false,
            }
        }
    }
    small && (ocp || !plain_long)
}

/// Whether a small float type (under any arrays) is one of the microscaling formats.
fn holds_ocp(types: &fresnel_ir::Types, t: fresnel_ir::TypeId) -> bool {
    match types.get(innermost(types, t)) {
        Type::Opaque(n) => {
            sf::parse(n).is_some_and(|s| s.format.is_ocp()) || long_vector(n).is_some()
        }
        Type::Struct { fields, .. } => fields.iter().any(|f| holds_ocp(types, f.ty)),
        _ => false,
    }
}

impl FuncCx<'_, '_> {
    /// The operand type of a deref of a small float or ordinary scalar/vector.
    fn sf_deref_ty(&self, v: ValueId) -> Option<Ty> {
        let t = deref_ty(self.f, v)?;
        match self.m.shader.types.get(t) {
            Type::Opaque(n) => match sf::parse(n) {
                Some(s) => Some(Ty::Small(s.format, s.comps)),
                None => long_vector(n),
            },
            _ => self.m.value_kind(t).map(Ty::Plain),
        }
    }

    fn sf_type(&mut self, t: Ty) -> u32 {
        if t.comps() > 4 {
            // A long vector: declared (with its capability) as `long_vector.rs` does.
            let name = match t {
                Ty::Small(f, n) => format!("vector<{}, {n}>", f.scalar_name()),
                Ty::Plain(k) => format!("vector<{}, {}>", plain_name(k), k.comps),
            };
            if let Some(Ok(id)) = self.m.long_vector_type(&name) {
                return id;
            }
        }
        match t {
            Ty::Small(format, comps) => self.m.small_float_type(SmallFloat { format, comps }),
            Ty::Plain(k) => self.m.kind_type(k),
        }
    }

    /// The components of a constant operand as numbers: a constant value, or the deref of
    /// a local whose one store is of a constant (the typed temporaries of the lowering).
    fn sf_const_operand(&mut self, v: ValueId) -> Option<Vec<f64>> {
        let (val, k) = match deref_ty(self.f, v) {
            Some(t) => {
                let k = self.m.value_kind(t)?;
                let var = self.sf_local_var(v)?;
                (self.sf_single_store(var)?, k)
            }
            // A value with no typed temporary: the checker gives the microscaling literals
            // (`0.5fe2m1`) the type `float16_t` and stores them with no conversion node,
            // so such a value is a float of its size.
            None => {
                let k = self.natural_kind(v);
                (v, Kind::new(BaseType::Float, k.bits.max(16), k.comps))
            }
        };
        let &Val::Const(c) = self.vals.get(val.0 as usize)? else {
            return None;
        };
        let raw = self.consts.get(c as usize)?;
        if raw.len() != usize::from(k.comps) {
            return None;
        }
        raw.iter()
            .map(|&b| {
                Some(match (k.base, k.bits) {
                    (BaseType::Float, 16) => f64::from(fresnel_ir::float::f16_to_f32(b as u16)),
                    (BaseType::Float, 32) => f64::from(f32::from_bits(b as u32)),
                    (BaseType::Float, 64) => f64::from_bits(b),
                    (BaseType::Int, bits) => {
                        let sh = 64u32.saturating_sub(u32::from(bits)).min(63);
                        (((b << sh) as i64) >> sh) as f64
                    }
                    (BaseType::Uint, _) => b as f64,
                    (BaseType::Bool, _) => f64::from(u8::from(b != 0)),
                    _ => return None,
                })
            })
            .collect()
    }

    /// The value stored into the function-local `var` when one store (of the whole
    /// variable, in the function's live code) writes it.
    fn sf_single_store(&mut self, var: fresnel_ir::VarId) -> Option<ValueId> {
        if self.single_stores.is_none() {
            let mut map: rustc_hash::FxHashMap<fresnel_ir::VarId, Option<ValueId>> =
                rustc_hash::FxHashMap::default();
            for id in self.f.instrs_in_order() {
                if let fresnel_ir::InstrKind::Intrinsic(x) = &self.f.instrs[id].kind {
                    // Other writers (copies, vendor operations) count as stores of no
                    // known value.
                    let value = match x.op {
                        Intrinsic::StoreDeref => x.srcs.get(1).copied(),
                        Intrinsic::CopyDeref | Intrinsic::VendorOp => None,
                        _ => continue,
                    };
                    if let Some(var) = x.srcs.first().and_then(|&d| self.sf_local_var(d)) {
                        map.entry(var).and_modify(|e| *e = None).or_insert(value);
                    }
                }
            }
            self.single_stores = Some(map);
        }
        self.single_stores.as_ref()?.get(&var).copied().flatten()
    }

    /// The function-local variable a deref names whole.
    fn sf_local_var(&self, d: ValueId) -> Option<fresnel_ir::VarId> {
        let def = self.f.values.get(d)?.def;
        match &self.f.instrs.get(def)?.kind {
            fresnel_ir::InstrKind::Deref(fresnel_ir::Deref {
                kind: fresnel_ir::DerefKind::Var(var),
                mode: fresnel_ir::VarMode::Function,
                ..
            }) => Some(*var),
            _ => None,
        }
    }

    /// A value of the microscaling type `to` from the sources of a constructor or
    /// conversion: values of that type as they are, constants folded to bit patterns.
    fn sf_ocp_construct(&mut self, to: Ty, srcs: &[ValueId]) -> Result<u32> {
        let Ty::Small(format, n) = to else {
            return Err(SpirvError::new("internal: not a microscaling type"));
        };
        let scalar = SmallFloat { format, comps: 1 };
        // (id, whether a constant) per component.
        let mut parts: Vec<(u32, bool)> = Vec::new();
        for &s in srcs {
            if parts.len() >= usize::from(n) {
                break;
            }
            if let Some(Ty::Small(f, k)) = self.sf_deref_ty(s) {
                if f == format {
                    let (id, t) = self.sf_operand(s)?;
                    for i in 0..k {
                        parts.push((self.sf_component(id, t, i), false));
                    }
                    continue;
                }
            }
            let Some(values) = self.sf_const_operand(s) else {
                return Err(ocp_conversion_error(format));
            };
            for v in values {
                parts.push((self.m.small_float_const(scalar, format.encode(v)), true));
            }
        }
        if parts.len() == 1 && n > 1 {
            parts = vec![parts[0]; usize::from(n)];
        }
        parts.truncate(usize::from(n));
        if parts.len() != usize::from(n) {
            return Err(SpirvError::new(format!(
                "a constructor of {} components from {} ({})",
                n,
                parts.len(),
                format.scalar_name()
            )));
        }
        if n == 1 {
            return Ok(parts[0].0);
        }
        let ids: Vec<u32> = parts.iter().map(|p| p.0).collect();
        let ty = self.sf_type(to);
        if parts.iter().all(|p| p.1) {
            return Ok(self.m.composite_const(ty, &ids));
        }
        Ok(self.sf_inst(op::COMPOSITE_CONSTRUCT, to, &ids))
    }

    /// An operand's value and type: a deref loaded, a value as it is.
    fn sf_operand(&mut self, v: ValueId) -> Result<(u32, Ty)> {
        if deref_ty(self.f, v).is_some() {
            let Some(t) = self.sf_deref_ty(v) else {
                return Err(SpirvError::new(
                    "an operand of an operation on bfloat16/float8 values is neither a scalar nor a vector",
                ));
            };
            let (p, pointee, class, ..) = self.ptr(v)?;
            if matches!(t, Ty::Plain(k) if k.base == BaseType::Bool)
                && super::super::Module::external(self.ptr(v)?.4)
            {
                return Err(SpirvError::new(
                    "a boolean in buffer memory as the operand of an operation on bfloat16/float8 values",
                ));
            }
            let id = self.new_id();
            let mut ops = vec![pointee, id, p];
            ops.extend(Self::mem_operands(class, Self::sf_align_kind(t)));
            self.code.inst(op::LOAD, &ops);
            Ok((id, t))
        } else {
            let k = self.natural_kind(v);
            let id = self.value_as(v, k)?;
            Ok((id, Ty::Plain(k)))
        }
    }

    /// The kind whose scalar size is the alignment of an operand in physical memory.
    fn sf_align_kind(t: Ty) -> Kind {
        match t {
            Ty::Small(f, _) => Kind::new(BaseType::Float, f.bits(), 1),
            Ty::Plain(k) => k.scalar(),
        }
    }

    /// Stores `id` (of the pointee type) through the deref `d`.
    fn sf_store(&mut self, d: ValueId, id: u32) -> Result<()> {
        let (p, _, class, ..) = self.ptr(d)?;
        let align = self
            .sf_deref_ty(d)
            .map_or(Kind::new(BaseType::Uint, 8, 1), Self::sf_align_kind);
        let mut ops = vec![p, id];
        ops.extend(Self::mem_operands(class, align));
        self.code.inst(op::STORE, &ops);
        Ok(())
    }

    fn sf_inst(&mut self, opc: u16, t: Ty, args: &[u32]) -> u32 {
        let ty = self.sf_type(t);
        let id = self.new_id();
        let mut ops = vec![ty, id];
        ops.extend_from_slice(args);
        self.code.inst(opc, &ops);
        id
    }

    /// Converts `id` from `from` to `to` (the same number of components). `saturate`:
    /// decorated as a saturating conversion to a float8 type.
    fn sf_convert(&mut self, id: u32, from: Ty, to: Ty, saturate: bool) -> Result<u32> {
        use BaseType::{Bool, Float, Int, Uint};
        let n = to.comps();
        if from.comps() != n {
            return Err(SpirvError::new(
                "internal: a bfloat16/float8 conversion between different component counts",
            ));
        }
        let opc = match (from, to) {
            (a, b) if a == b => return Ok(id),
            (_, Ty::Small(f, _)) if f.is_ocp() => return Err(ocp_conversion_error(f)),
            (Ty::Small(f, _), Ty::Plain(k))
                if f.is_ocp() && matches!(k.base, BaseType::Int | BaseType::Uint) =>
            {
                // Only conversions to floating-point types exist: through `float`.
                let fk = Kind::new(Float, 32, n);
                let x = self.sf_convert(id, from, Ty::Plain(fk), false)?;
                let opc = if k.base == Int {
                    op::CONVERT_F_TO_S
                } else {
                    op::CONVERT_F_TO_U
                };
                return Ok(self.sf_inst(opc, to, &[x]));
            }
            (Ty::Small(..), Ty::Small(..)) => op::F_CONVERT,
            (Ty::Plain(k), Ty::Small(format, _)) => match k.base {
                Float => op::F_CONVERT,
                Int => op::CONVERT_S_TO_F,
                Uint => op::CONVERT_U_TO_F,
                Bool => {
                    let s = SmallFloat { format, comps: n };
                    let one = self.m.small_float_const(s, format.small_int_bits(true));
                    let zero = self.m.small_float_const(s, format.small_int_bits(false));
                    return Ok(self.sf_inst(op::SELECT, to, &[id, one, zero]));
                }
            },
            (Ty::Small(..), Ty::Plain(k)) => match k.base {
                Float => op::F_CONVERT,
                Int => op::CONVERT_F_TO_S,
                Uint => op::CONVERT_F_TO_U,
                Bool => {
                    // `bool(x)` is `x != 0`, compared as a `float` (exact: every value of
                    // these formats is one).
                    let fk = Kind::new(Float, 32, n);
                    let f = self.sf_convert(id, from, Ty::Plain(fk), false)?;
                    let zero = self.m.constant(fk, &vec![0; usize::from(n)]);
                    return Ok(self.sf_inst(op::F_UNORD_NOT_EQUAL, to, &[f, zero]));
                }
            },
            (Ty::Plain(a), Ty::Plain(b)) => {
                // Between ordinary types: the writer's own conversion.
                let _ = (a, b);
                return self.convert(id, a, b);
            }
        };
        let r = self.sf_inst(opc, to, &[id]);
        if saturate {
            if !matches!(to, Ty::Small(Format::E4M3 | Format::E5M2, _)) {
                return Err(SpirvError::new(
                    "saturatedConvertEXT to a type other than a float8 type",
                ));
            }
            self.m.decorate(r, sf::DECOR_SATURATED_FLOAT8, &[]);
        }
        Ok(r)
    }

    /// Component `i` of `id` (of type `t`), as a scalar.
    fn sf_component(&mut self, id: u32, t: Ty, i: u8) -> u32 {
        if t.comps() == 1 {
            return id;
        }
        self.sf_inst(op::COMPOSITE_EXTRACT, t.with_comps(1), &[id, u32::from(i)])
    }

    /// A constructor's value of type `to` from the sources `srcs`.
    fn sf_construct(&mut self, to: Ty, srcs: &[ValueId]) -> Result<u32> {
        let n = to.comps();
        if let [s] = srcs {
            let (id, from) = self.sf_operand(*s)?;
            if from.comps() == n {
                return self.sf_convert(id, from, to, false);
            }
            if from.comps() == 1 {
                let c = self.sf_convert(id, from, to.with_comps(1), false)?;
                if n == 1 {
                    return Ok(c);
                }
                let parts = vec![c; usize::from(n)];
                return Ok(self.sf_inst(op::COMPOSITE_CONSTRUCT, to, &parts));
            }
        }
        let mut parts = Vec::new();
        for &s in srcs {
            if parts.len() >= usize::from(n) {
                break;
            }
            let (id, from) = self.sf_operand(s)?;
            let c = self.sf_convert(id, from, to.with_comps(from.comps()), false)?;
            for i in 0..from.comps() {
                if parts.len() < usize::from(n) {
                    parts.push(self.sf_component(c, to.with_comps(from.comps()), i));
                }
            }
        }
        if parts.len() != usize::from(n) {
            return Err(SpirvError::new(format!(
                "a constructor of {} components from {} (bfloat16/float8)",
                n,
                parts.len()
            )));
        }
        if n == 1 {
            return Ok(parts[0]);
        }
        Ok(self.sf_inst(op::COMPOSITE_CONSTRUCT, to, &parts))
    }

    /// A 32-bit constant source (swizzle components).
    fn sf_const(&self, v: ValueId) -> Result<u32> {
        match &self.vals[v.0 as usize] {
            &Val::Const(c) if self.consts[c as usize].len() == 1 => {
                Ok(self.consts[c as usize][0] as u32)
            }
            _ => Err(SpirvError::new(
                "internal: a swizzle component of a bfloat16/float8 vector is not a constant",
            )),
        }
    }

    /// Writes an operation on the small float types (`Ok(false)`: not one).
    pub(super) fn emit_small_float(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !matches!(x.op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
            || !supported(&self.m.shader.types, self.f, x)
        {
            return Ok(false);
        }
        let name = super::vendor::op_name(x).unwrap_or("");
        if x.op == Intrinsic::VendorOpValue && matches!(name, "construct" | "convert") {
            // A boolean result (`bool(x)`, `bvec2(v)`) is a value: the lowering passes only
            // those without a temporary.
            if let Some(dest) = x.dest {
                let def = &self.f.values[dest];
                if def.bit_size == 1 && !x.srcs.is_empty() {
                    let k = Kind::new(BaseType::Bool, 1, def.num_components);
                    let srcs = x.srcs.clone();
                    let id = self.sf_construct(Ty::Plain(k), &srcs)?;
                    self.set(dest, id, k);
                    return Ok(true);
                }
            }
        }
        if x.op == Intrinsic::VendorOpValue {
            return Err(SpirvError::new(format!(
                "`{name}` on bfloat16/float8 values with a result of no memory type (the lowering passes these through typed temporaries)"
            )));
        }
        let s = x.srcs.clone();
        let arity = |n: usize| -> Result<()> {
            if s.len() == n {
                Ok(())
            } else {
                Err(SpirvError::new(format!(
                    "`{name}` on bfloat16/float8 values with {} operands",
                    s.len()
                )))
            }
        };
        match name {
            "construct" | "convert" | "saturatedConvertEXT" if s.len() >= 2 => {
                match self.sf_deref_ty(s[0]) {
                    Some(to) => {
                        let v = if matches!(to, Ty::Small(f, _) if f.is_ocp())
                            && name != "saturatedConvertEXT"
                        {
                            self.sf_ocp_construct(to, &s[1..])?
                        } else if name == "saturatedConvertEXT" {
                            arity(2)?;
                            let (id, from) = self.sf_operand(s[1])?;
                            if from.comps() != to.comps() {
                                return Err(SpirvError::new(
                                    "saturatedConvertEXT between different component counts",
                                ));
                            }
                            self.sf_convert(id, from, to, true)?
                        } else {
                            self.sf_construct(to, &s[1..])?
                        };
                        self.sf_store(s[0], v)?;
                    }
                    None if name == "construct" => self.sf_construct_aggregate(s[0], &s[1..])?,
                    None => {
                        return Err(SpirvError::new(format!(
                            "`{name}` of bfloat16/float8 values into an aggregate"
                        )))
                    }
                }
            }
            // A specialization constant of the type (its `OpSpecConstant`, declared with the
            // others), stored to the destination.
            "spec_constant" => {
                arity(2)?;
                let spec_id = self.sf_const(s[1])?;
                let Some(&id) = self.m.small_float_specs.get(&spec_id) else {
                    return Err(SpirvError::new(format!(
                        "internal: no small float specialization constant {spec_id}"
                    )));
                };
                let want = self
                    .m
                    .shader
                    .info
                    .spec_constants
                    .iter()
                    .find(|c| c.id == spec_id);
                if deref_ty(self.f, s[0]) != want.map(|c| c.ty) {
                    return Err(SpirvError::new(format!(
                        "internal: specialization constant {spec_id} read as another type"
                    )));
                }
                self.sf_store(s[0], id)?;
            }
            "extract" => {
                arity(3)?;
                let (p, t) = self.sf_element(s[1], s[2])?;
                let ty = self.sf_type(t);
                let id = self.new_id();
                self.code.inst(op::LOAD, &[ty, id, p]);
                let Some(dt) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new(
                        "element of a bfloat16/float8 vector into an aggregate",
                    ));
                };
                let v = self.sf_convert(id, t, dt, false)?;
                self.sf_store(s[0], v)?;
            }
            "insert" => {
                arity(3)?;
                let (p, t) = self.sf_element(s[0], s[1])?;
                let (id, from) = self.sf_operand(s[2])?;
                if from.comps() != 1 {
                    return Err(SpirvError::new(
                        "a vector written to a component of a bfloat16/float8 vector",
                    ));
                }
                let v = self.sf_convert(id, from, t, false)?;
                self.code.inst(op::STORE, &[p, v]);
            }
            "swizzle" if s.len() >= 3 => {
                let (id, t) = self.sf_operand(s[1])?;
                let comps: Vec<u32> = s[2..]
                    .iter()
                    .map(|&c| self.sf_const(c))
                    .collect::<Result<_>>()?;
                if comps.iter().any(|&c| c >= u32::from(t.comps())) || comps.len() > 4 {
                    return Err(SpirvError::new("a swizzle component out of range"));
                }
                let rt = t.with_comps(comps.len() as u8);
                let v = if t.comps() == 1 {
                    // A scalar swizzled (`b.xx`, GLSL 4.20): itself, or repeated.
                    if comps.len() == 1 {
                        id
                    } else {
                        self.sf_inst(op::COMPOSITE_CONSTRUCT, rt, &vec![id; comps.len()])
                    }
                } else if comps.len() == 1 {
                    self.sf_inst(op::COMPOSITE_EXTRACT, rt, &[id, comps[0]])
                } else {
                    let mut args = vec![id, id];
                    args.extend(&comps);
                    self.sf_inst(op::VECTOR_SHUFFLE, rt, &args)
                };
                let Some(dt) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new(
                        "a swizzle of a bfloat16/float8 vector into an aggregate",
                    ));
                };
                let v = self.sf_convert(v, rt, dt, false)?;
                self.sf_store(s[0], v)?;
            }
            "insert_swizzle" if s.len() >= 3 => {
                let (old, t) = self.sf_operand(s[0])?;
                let comps: Vec<u32> = s[1..s.len() - 1]
                    .iter()
                    .map(|&c| self.sf_const(c))
                    .collect::<Result<_>>()?;
                let n = t.comps();
                if comps.iter().any(|&c| c >= u32::from(n)) || comps.len() > usize::from(n) {
                    return Err(SpirvError::new("a swizzle component out of range"));
                }
                let (val, vt) = self.sf_operand(s[s.len() - 1])?;
                let k = comps.len() as u8;
                let val = if vt.comps() == k {
                    self.sf_convert(val, vt, t.with_comps(k), false)?
                } else {
                    return Err(SpirvError::new(
                        "a swizzle write of another number of components (bfloat16/float8)",
                    ));
                };
                let v = if n == 1 {
                    // A scalar's own swizzle (`b.x = c`).
                    val
                } else if k == 1 {
                    self.sf_inst(op::COMPOSITE_INSERT, t, &[val, old, comps[0]])
                } else {
                    let mut args = vec![old, val];
                    for i in 0..u32::from(n) {
                        args.push(match comps.iter().position(|&c| c == i) {
                            Some(j) => u32::from(n) + j as u32,
                            None => i,
                        });
                    }
                    self.sf_inst(op::VECTOR_SHUFFLE, t, &args)
                };
                self.sf_store(s[0], v)?;
            }
            "dot" => {
                arity(3)?;
                let (a, at) = self.sf_operand(s[1])?;
                let (b, bt) = self.sf_operand(s[2])?;
                let Ty::Small(Format::BFloat16, n) = at else {
                    return Err(SpirvError::new(
                        "dot of float8 vectors has no SPIR-V form (SPV_KHR_bfloat16 has OpDot of bfloat16 vectors only)",
                    ));
                };
                if at != bt || n < 2 {
                    return Err(SpirvError::new(
                        "dot of bfloat16 vectors of different types",
                    ));
                }
                self.m.cap(sf::CAP_BFLOAT16_DOT_PRODUCT_KHR);
                let r = self.sf_inst(op::DOT, Ty::Small(Format::BFloat16, 1), &[a, b]);
                let Some(dt) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new("dot into an aggregate"));
                };
                let r = self.sf_convert(r, Ty::Small(Format::BFloat16, 1), dt, false)?;
                self.sf_store(s[0], r)?;
            }
            _ if name.starts_with("bitcastExtract") => {
                arity(3)?;
                let (base, bt) = self.sf_operand(s[1])?;
                let (offset, _) = self.sf_operand(s[2])?;
                let Some(to) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new(format!("`{name}` into an aggregate")));
                };
                let (Ty::Plain(bk), Ty::Small(f, _)) = (bt, to) else {
                    return Err(SpirvError::new(format!(
                        "`{name}` of something other than integers"
                    )));
                };
                if !matches!(bk.base, BaseType::Int | BaseType::Uint) {
                    return Err(SpirvError::new(format!(
                        "`{name}` of a base that is not an integer"
                    )));
                }
                if bk.comps != to.comps() || bk.bits <= f.bits() {
                    return Err(SpirvError::new(format!(
                        "`{name}` from {}-bit integers of {} components",
                        bk.bits, bk.comps
                    )));
                }
                // `OpBitcastExtractEXT` (capability BitcastExtractEXT): the `to`-sized bit
                // field of each Base component at Offset, as the format.
                self.m.cap(sf::CAP_BITCAST_EXTRACT_EXT);
                let r = self.sf_inst(sf::OP_BITCAST_EXTRACT_EXT, to, &[base, offset]);
                self.sf_store(s[0], r)?;
            }
            _ if name.starts_with("packFloat") || name.starts_with("unpackFloat") => {
                arity(2)?;
                let (id, from) = self.sf_operand(s[1])?;
                let Some(to) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new(format!("`{name}` into an aggregate")));
                };
                let size = |t: Ty| match t {
                    Ty::Small(f, n) => u32::from(f.bits()) * u32::from(n),
                    Ty::Plain(k) => u32::from(k.bits) * u32::from(k.comps),
                };
                if size(from) != size(to) {
                    return Err(SpirvError::new(format!(
                        "`{name}` between types of different sizes"
                    )));
                }
                let r = self.sf_inst(op::BITCAST, to, &[id]);
                self.sf_store(s[0], r)?;
            }
            _ if name.contains("BitsTo") => {
                arity(2)?;
                let (id, from) = self.sf_operand(s[1])?;
                let Some(to) = self.sf_deref_ty(s[0]) else {
                    return Err(SpirvError::new(format!("`{name}` into an aggregate")));
                };
                let bits = |t: Ty| match t {
                    Ty::Small(f, _) => f.bits(),
                    Ty::Plain(k) => k.bits,
                };
                if from.comps() != to.comps() || bits(from) != bits(to) {
                    return Err(SpirvError::new(format!(
                        "`{name}` between types of different sizes"
                    )));
                }
                let r = self.sf_inst(op::BITCAST, to, &[id]);
                self.sf_store(s[0], r)?;
            }
            _ => {
                return Err(SpirvError::new(format!(
                    "`{name}` on bfloat16/float8 values with {} operands has no SPIR-V form here",
                    s.len()
                )))
            }
        }
        Ok(true)
    }

    /// A pointer to component `index` of the small float vector `v` points to.
    fn sf_element(&mut self, v: ValueId, index: ValueId) -> Result<(u32, Ty)> {
        let Some(Ty::Small(format, n)) = self.sf_deref_ty(v) else {
            return Err(SpirvError::new(
                "an element of something other than a bfloat16/float8 vector",
            ));
        };
        if n < 2 {
            return Err(SpirvError::new("an element of a bfloat16/float8 scalar"));
        }
        let (p, _, class, ..) = self.ptr(v)?;
        let et = Ty::Small(format, 1);
        let ety = self.sf_type(et);
        let pt = self.m.pointer(class, ety);
        let k = self.natural_kind(index);
        let k = if k.base == BaseType::Int {
            k
        } else {
            Kind::new(BaseType::Uint, 32, 1)
        };
        let idx = self.value_as(index, k)?;
        let id = self.new_id();
        self.code.inst(op::ACCESS_CHAIN, &[pt, id, p, idx]);
        Ok((id, et))
    }

    /// A structure or array holding small floats built member by member: each source is a
    /// deref of the member's own type (loaded and stored whole).
    fn sf_construct_aggregate(&mut self, dst: ValueId, srcs: &[ValueId]) -> Result<()> {
        let (dp, dpointee, class, ..) = self.ptr(dst)?;
        let members: Vec<u32> = if let Some(ms) = self.m.members.get(&dpointee) {
            ms.clone()
        } else if let Some(&e) = self.m.elem.get(&dpointee) {
            vec![e; srcs.len()]
        } else {
            return Err(SpirvError::new(
                "a constructor of bfloat16/float8 values into something other than a structure or array",
            ));
        };
        if members.len() != srcs.len() {
            return Err(SpirvError::new(format!(
                "a constructor of {} members from {} values (bfloat16/float8)",
                members.len(),
                srcs.len()
            )));
        }
        for (i, (&mt, &s)) in members.iter().zip(srcs).enumerate() {
            let v = if deref_ty(self.f, s).is_some() {
                let (sp, st, ..) = self.ptr(s)?;
                if st != mt {
                    return Err(SpirvError::new(
                        "a constructor member of another type (bfloat16/float8 aggregate)",
                    ));
                }
                let id = self.new_id();
                self.code.inst(op::LOAD, &[st, id, sp]);
                id
            } else {
                let Some(&comps) = self.m.value_types.get(&mt) else {
                    return Err(SpirvError::new(
                        "an ordinary value as a bfloat16/float8 aggregate member",
                    ));
                };
                let k = self.natural_kind(s);
                if k.comps != comps {
                    return Err(SpirvError::new(
                        "a constructor member of another size (bfloat16/float8 aggregate)",
                    ));
                }
                self.value_as(s, k)?
            };
            let pt = self.m.pointer(class, mt);
            let idx = self.m.const_i32(i as i32);
            let p = self.new_id();
            self.code.inst(op::ACCESS_CHAIN, &[pt, p, dp, idx]);
            self.code.inst(op::STORE, &[p, v]);
        }
        Ok(())
    }
}
