//! Hit objects (GL_NV_shader_invocation_reorder, GL_EXT_shader_invocation_reorder) as the
//! `hit_object_*` intrinsics: the first source is the deref of the `hitObjectNV`/`EXT`
//! variable; acceleration structures and ray queries are derefs; the constant location
//! arguments become the deref of the payload (`rayPayload*`) or attribute
//! (`hitObjectAttribute*`) variable declared with that location. Optional arguments a call
//! leaves out are 0 (reorder hints and their bit counts; the ray flags of the NV miss
//! records, which have none). Queries (`hitObjectGet*`, `hitObjectIs*`) are
//! `hit_object_load` naming the value by its `base` index
//! (`fresnel_ir::intrinsic::HIT_OBJECT_VALUES`), matrices one load per column.

use fresnel_ir::{IndexKind, Intrinsic, ValueId};
use fresnel_sema::hir;
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_syntax::source::Span;

use crate::func::FnCx;
use crate::stage_builtins::PAYLOADS;
use crate::types::{contains_opaque, shape, value_bits, Shape};
use crate::{LowerError, Operand};

/// Storage qualifiers of the variables hit attributes are read into or recorded from.
const ATTRIBUTES: &[&str] = &["hitObjectAttributeNV", "hitObjectAttributeEXT"];

/// How one source of the intrinsic is made.
#[derive(Copy, Clone)]
enum Src {
    /// Argument `i`: a deref for opaque arguments, else its value.
    Arg(usize),
    /// An absent optional argument: 0.
    Zero,
    /// Argument `i` is a location: the deref of the variable of one of these storages.
    Loc(usize, &'static [&'static str]),
}

/// The intrinsic and sources of a hit-object operation (name without the NV/EXT suffix)
/// called with `n` arguments.
fn plan(base: &str, n: usize) -> Option<(Intrinsic, Vec<Src>)> {
    use Src::{Arg, Loc, Zero};
    let args = |r: std::ops::Range<usize>| r.map(Arg).collect::<Vec<Src>>();
    let with = |mut v: Vec<Src>, tail: &[Src]| {
        v.extend_from_slice(tail);
        v
    };
    Some(match (base, n) {
        ("hitObjectTraceRay", 12) => (
            Intrinsic::HitObjectTraceRay,
            with(args(0..11), &[Loc(11, PAYLOADS)]),
        ),
        ("hitObjectTraceRayMotion", 13) => (
            Intrinsic::HitObjectTraceRayMotion,
            with(args(0..12), &[Loc(12, PAYLOADS)]),
        ),
        ("hitObjectRecordHit", 13) => (
            Intrinsic::HitObjectRecordHit,
            with(args(0..12), &[Loc(12, ATTRIBUTES)]),
        ),
        ("hitObjectRecordHitMotion", 14) => (
            Intrinsic::HitObjectRecordHitMotion,
            with(args(0..13), &[Loc(13, ATTRIBUTES)]),
        ),
        ("hitObjectRecordHitWithIndex", 12) => (
            Intrinsic::HitObjectRecordHitWithIndex,
            with(args(0..11), &[Loc(11, ATTRIBUTES)]),
        ),
        ("hitObjectRecordHitWithIndexMotion", 13) => (
            Intrinsic::HitObjectRecordHitWithIndexMotion,
            with(args(0..12), &[Loc(12, ATTRIBUTES)]),
        ),
        // NV: (object, miss index, ray...); EXT: (object, flags, SBT index, ray...).
        ("hitObjectRecordMiss", 6) => (
            Intrinsic::HitObjectRecordMiss,
            with(vec![Arg(0), Zero], &args(1..6)),
        ),
        ("hitObjectRecordMiss", 7) => (Intrinsic::HitObjectRecordMiss, args(0..7)),
        ("hitObjectRecordMissMotion", 7) => (
            Intrinsic::HitObjectRecordMissMotion,
            with(vec![Arg(0), Zero], &args(1..7)),
        ),
        ("hitObjectRecordMissMotion", 8) => (Intrinsic::HitObjectRecordMissMotion, args(0..8)),
        ("hitObjectRecordEmpty", 1) => (Intrinsic::HitObjectRecordEmpty, args(0..1)),
        ("hitObjectRecordFromQuery", 4) => (
            Intrinsic::HitObjectRecordFromQueryKind,
            with(args(0..3), &[Loc(3, ATTRIBUTES)]),
        ),
        ("hitObjectRecordFromQuery", 5) => (
            Intrinsic::HitObjectRecordFromQuery,
            with(args(0..3), &[Loc(3, ATTRIBUTES), Arg(4)]),
        ),
        ("hitObjectExecuteShader", 2) => (
            Intrinsic::HitObjectExecuteShader,
            vec![Arg(0), Loc(1, PAYLOADS)],
        ),
        ("hitObjectGetAttributes", 2) => (
            Intrinsic::HitObjectGetAttributes,
            vec![Arg(0), Loc(1, ATTRIBUTES)],
        ),
        ("hitObjectSetShaderBindingTableRecordIndex", 2) => {
            (Intrinsic::HitObjectSetSbtRecordIndex, args(0..2))
        }
        ("reorderThread", 1) => (Intrinsic::HitObjectReorder, vec![Arg(0), Zero, Zero]),
        ("reorderThread", 2) => (Intrinsic::ReorderThread, args(0..2)),
        ("reorderThread", 3) => (Intrinsic::HitObjectReorder, args(0..3)),
        ("hitObjectReorderExecute", 2) => (
            Intrinsic::HitObjectReorderExecute,
            vec![Arg(0), Zero, Zero, Loc(1, PAYLOADS)],
        ),
        ("hitObjectReorderExecute", 4) => (
            Intrinsic::HitObjectReorderExecute,
            with(args(0..3), &[Loc(3, PAYLOADS)]),
        ),
        ("hitObjectTraceReorderExecute", 12) => (
            Intrinsic::HitObjectTraceReorderExecute,
            with(args(0..11), &[Zero, Zero, Loc(11, PAYLOADS)]),
        ),
        ("hitObjectTraceReorderExecute", 14) => (
            Intrinsic::HitObjectTraceReorderExecute,
            with(args(0..13), &[Loc(13, PAYLOADS)]),
        ),
        ("hitObjectTraceMotionReorderExecute", 15) => (
            Intrinsic::HitObjectTraceMotionReorderExecute,
            with(args(0..14), &[Loc(14, PAYLOADS)]),
        ),
        _ => return None,
    })
}

impl FnCx<'_, '_, '_> {
    /// Lowers a hit-object built-in; `None` for other names (see the module docs).
    pub(crate) fn hit_object(
        &mut self,
        name: &str,
        args: &[hir::ExprId],
        ret: HirTypeId,
        span: Span,
    ) -> Result<Option<Option<Operand>>, LowerError> {
        let base = name
            .strip_suffix("NV")
            .or_else(|| name.strip_suffix("EXT"))
            .unwrap_or(name);
        if let Some((op, srcs)) = plan(base, args.len()) {
            let mut vals: Vec<ValueId> = Vec::with_capacity(srcs.len());
            for s in srcs {
                let v = match s {
                    Src::Zero => self.b.imm_u32(0),
                    Src::Loc(i, kinds) => self.located_ray_var(args[i], kinds, name, span)?,
                    Src::Arg(i) => {
                        let a = args[i];
                        if contains_opaque(self.m(), self.m().expr(a).ty) {
                            self.opaque_deref(a, span)?
                        } else {
                            self.expr_value(a)?
                        }
                    }
                };
                vals.push(v);
            }
            // `reorderThreadEXT(hint, bits)` names no hit object whose type would tell.
            let ext = [(IndexKind::Base, 1)];
            let marked = op == Intrinsic::ReorderThread && name.ends_with("EXT");
            self.b
                .intrinsic(op, &vals, 0, 0, if marked { &ext } else { &[] });
            return Ok(Some(None));
        }
        let Some(what) = base.strip_prefix("hitObject") else {
            return Ok(None);
        };
        let Some(index) = fresnel_ir::intrinsic::HIT_OBJECT_VALUES
            .iter()
            .position(|(_, f)| *f == what)
        else {
            return Ok(None);
        };
        let Some(&obj) = args.first() else {
            return Err(LowerError::new(
                format!("`{name}`: no arguments"),
                Some(span),
            ));
        };
        let h = self.opaque_deref(obj, span)?;
        let idx = index as i64;
        let load = |fc: &mut Self, col: i64, n: u8, bits: u8| {
            fc.b.intrinsic(
                Intrinsic::HitObjectLoad,
                &[h],
                n,
                bits,
                &[(IndexKind::Base, idx), (IndexKind::Component, col)],
            )
            .expect("hit_object_load has a result")
        };
        let m = self.m();
        // (Loosely checked built-ins have the error type.)
        if shape(m, ret) == Shape::Void || m.types.is_error(ret) {
            // `out` arrays (the triangle's vertices, the LSS end points and radii).
            let Some(&out) = args.last() else {
                return Err(LowerError::new(
                    format!("`{name}`: missing argument"),
                    Some(span),
                ));
            };
            self.out_array_loads(out, name, span, &load)?;
            return Ok(Some(None));
        }
        let r = match shape(m, ret) {
            Shape::Value { scalar, n } => Operand::Value(load(self, 0, n, value_bits(scalar))),
            Shape::Matrix { scalar, cols, rows } => Operand::Matrix(
                (0..cols)
                    .map(|c| load(self, i64::from(c), rows, value_bits(scalar)))
                    .collect(),
            ),
            _ => {
                return Err(LowerError::new(
                    format!("`{name}`: unexpected result type"),
                    Some(span),
                ))
            }
        };
        Ok(Some(Some(r)))
    }
}
