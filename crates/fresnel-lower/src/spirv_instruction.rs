//! Calls of GL_EXT_spirv_intrinsics `spirv_instruction(set = "...", id = N)` prototypes
//! (issue 5): the `spirv_instruction` / `spirv_instruction_value` intrinsic carrying the
//! instruction (`fresnel_ir::spirv_instruction`). Arguments: `spirv_by_reference`
//! parameters pass the deref of the l-value (a pointer), `spirv_literal` ones a constant
//! written as a literal word, opaque and other in-memory arguments their deref (the object
//! is loaded), scalars and vectors their value.

use fresnel_ir::spirv_instruction::{
    encode_caps, encode_exts, encode_kinds, SpirvKind, SPIRV_EXT_INST_SETS,
};
use fresnel_ir::{IndexKind, InstrKind, Intrinsic, ValueId};
use fresnel_sema::hir::{self, SpirvInstruction};
use fresnel_sema::types::Scalar;
use fresnel_syntax::source::Span;

use crate::expr::Place;
use crate::func::FnCx;
use crate::types::{contains_opaque, shape, value_bits, Shape};
use crate::{LowerError, Operand};

fn kind_of(s: Scalar) -> SpirvKind {
    if s == Scalar::Bool {
        SpirvKind::Bool
    } else if s.is_float() {
        SpirvKind::Float
    } else if s.is_signed_int() {
        SpirvKind::Int
    } else {
        SpirvKind::Uint
    }
}

impl FnCx<'_, '_, '_> {
    pub(crate) fn spirv_instruction_call(
        &mut self,
        si: &SpirvInstruction,
        hf: hir::FuncId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let func = m.function(hf);
        let fname = self.cx.interner.resolve(func.name).to_string();
        let unsupported = |what: String| {
            LowerError::new(
                format!("`spirv_instruction` function `{fname}`: {what} is not supported"),
                Some(span),
            )
        };
        let set = match &si.set {
            None => None,
            Some(s) => Some(
                SPIRV_EXT_INST_SETS
                    .iter()
                    .position(|x| x == s)
                    .ok_or_else(|| unsupported(format!("the instruction set \"{s}\"")))?,
            ),
        };
        let exts: Vec<&str> = si.extensions.iter().map(String::as_str).collect();
        let exts = encode_exts(&exts)
            .ok_or_else(|| unsupported(format!("the extensions {:?}", si.extensions)))?;
        let caps = encode_caps(&si.capabilities)
            .ok_or_else(|| unsupported(format!("the capabilities {:?}", si.capabilities)))?;
        let mut srcs: Vec<ValueId> = Vec::with_capacity(args.len());
        let mut kinds: Vec<SpirvKind> = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            let aty = m.expr(a).ty;
            if si.by_reference.get(i) == Some(&true) {
                match self.place(a)? {
                    Place::Deref(d, _) => srcs.push(d),
                    Place::Swizzle(d, _, comps) if comps.len() == 1 => {
                        let k = self.b.imm_u32(u32::from(comps[0]));
                        let dc = self.d_array(d, k)?;
                        srcs.push(dc);
                    }
                    Place::Swizzle(..) => return Err(unsupported("a swizzle by reference".into())),
                }
                kinds.push(SpirvKind::Pointer);
            } else if si.literal.get(i) == Some(&true) {
                let v = self.expr_value(a)?;
                let is_const = matches!(
                    self.b.func.instrs[self.b.func.values[v].def].kind,
                    InstrKind::LoadConst { .. }
                );
                if !is_const || self.b.num_components(v) != 1 {
                    return Err(unsupported(
                        "a `spirv_literal` argument that is not a constant scalar".into(),
                    ));
                }
                srcs.push(v);
                kinds.push(SpirvKind::Literal);
            } else if contains_opaque(m, aty) {
                match self.opaque_operand(a, span)? {
                    Operand::Deref(d) => srcs.push(d),
                    _ => return Err(unsupported("a combined sampler argument".into())),
                }
                kinds.push(SpirvKind::Object);
            } else {
                match shape(m, aty) {
                    Shape::Value { scalar, .. } => {
                        srcs.push(self.expr_value(a)?);
                        kinds.push(kind_of(scalar));
                    }
                    Shape::Void => return Err(unsupported("a void argument".into())),
                    _ => {
                        let op = self.expr(a)?;
                        srcs.push(self.spill(op, aty, span)?);
                        kinds.push(SpirvKind::Object);
                    }
                }
            }
        }
        // A result held in memory (a `spirv_type`, a structure or an array): written into a
        // new local whose deref is the first source (kind `Pointer`); the result kind
        // `Object` says so.
        let mut dest = None;
        let (result, n, bits) = match shape(m, func.ret) {
            Shape::Void => (SpirvKind::Void, 0, 32),
            Shape::Value { scalar, n } => (kind_of(scalar), n, value_bits(scalar)),
            Shape::Matrix { .. } => {
                return Err(unsupported(format!(
                    "a result of type `{}`",
                    m.types.display(func.ret, self.cx.interner)
                )))
            }
            _ => {
                let t = self.temp("spirv_result", func.ret, span)?;
                let d = self.deref_var(t);
                srcs.insert(0, d);
                kinds.insert(0, SpirvKind::Pointer);
                dest = Some(d);
                (SpirvKind::Object, 0, 32)
            }
        };
        let kinds = encode_kinds(result, &kinds)
            .ok_or_else(|| unsupported(format!("{} arguments", args.len())))?;
        let mut idx = vec![
            (IndexKind::Base, i64::from(si.id)),
            (IndexKind::SpirvKinds, kinds),
        ];
        if let Some(s) = set {
            idx.push((IndexKind::SpirvSet, s as i64));
        }
        if caps != 0 {
            idx.push((IndexKind::SpirvCaps, caps));
        }
        if exts != 0 {
            idx.push((IndexKind::SpirvExts, exts));
        }
        if let Some(d) = dest {
            self.b
                .intrinsic(Intrinsic::SpirvInstruction, &srcs, 0, 32, &idx);
            Ok(Some(Operand::Deref(d)))
        } else if result == SpirvKind::Void {
            self.b
                .intrinsic(Intrinsic::SpirvInstruction, &srcs, 0, 32, &idx);
            Ok(None)
        } else {
            let v = self
                .b
                .intrinsic(Intrinsic::SpirvInstructionValue, &srcs, n, bits, &idx)
                .ok_or_else(|| unsupported("a result".into()))?;
            Ok(Some(Operand::Value(v)))
        }
    }
}
