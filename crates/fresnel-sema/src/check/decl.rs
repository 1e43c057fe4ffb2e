//! Declarations: variables, qualifiers, layouts, structs, interface blocks, functions and
//! precision statements.

use fresnel_syntax::ast::{self, DeclKind, Precision, QualifierKind};
use fresnel_syntax::diag::Diagnostic;
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::keywords::Keyword;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::Stage;

use super::{Binding, Checker, DefaultPrecisionKey};
use crate::builtin_types::{BType, Scalar};
use crate::hir::*;
use crate::types::{ids, ArraySize, Member, MemberLayout, StructDef, StructKind, Type, TypeId};

/// `gl_VerticesIn` of GL_ARB/EXT_geometry_shader4 (`variables.glsl` declares it with this
/// value; a test holds the two together): the implicit size of unsized geometry inputs there.
pub(crate) const GEOMETRY_SHADER4_VERTICES_IN: u32 = 6;

/// The storage qualifier as written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum StorageKw {
    Const,
    In,
    Out,
    InOut,
    Uniform,
    Buffer,
    Shared,
    Attribute,
    Varying,
    Ext(Symbol),
}

/// Where qualifiers are being read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum QualCtx {
    Global,
    Local,
    Param,
    StructMember,
    BlockMember,
    Block,
    FunctionReturn,
}

/// Qualifiers after checking.
#[derive(Clone, Debug, Default)]
pub(crate) struct Quals {
    pub storage: Option<(StorageKw, Span)>,
    /// The storage was written `varying in` / `varying out` (GL_EXT_gpu_shader4,
    /// GL_ARB_geometry_shader4).
    pub varying_dir: bool,
    pub quals: VarQuals,
    pub subroutine: Option<Vec<(Symbol, Span)>>,
    pub span: Span,
}

/// Extension qualifiers spelled as identifiers: storage ones and others, with the extensions
/// that define them.
fn ext_qualifier(name: &str) -> Option<(bool, &'static [Ext])> {
    // glslang accepts the EXT spellings with GL_NV_ray_tracing too.
    const RT_ANY: &[Ext] = &[Ext::EXT_ray_tracing, Ext::NV_ray_tracing];
    const RT_NV: &[Ext] = &[Ext::NV_ray_tracing];
    Some(match name {
        "rayPayloadEXT" | "rayPayloadInEXT" | "hitAttributeEXT" | "callableDataEXT"
        | "callableDataInEXT" | "shaderRecordEXT" => (true, RT_ANY),
        "rayPayloadNV" | "rayPayloadInNV" | "hitAttributeNV" | "callableDataNV"
        | "callableDataInNV" | "shaderRecordNV" => (true, RT_NV),
        "hitObjectAttributeNV" => (true, &[Ext::NV_shader_invocation_reorder]),
        "hitObjectAttributeEXT" => (true, &[Ext::EXT_shader_invocation_reorder]),
        "taskPayloadSharedEXT" => (true, &[Ext::EXT_mesh_shader]),
        "tileImageEXT" => (true, &[Ext::EXT_shader_tile_image]),
        "resourceheap" | "samplerheap" => (
            true,
            &[
                Ext::EXT_descriptor_heap,
                Ext::EXT_structured_descriptor_heap,
            ],
        ),
        "nonuniformEXT" => (false, &[Ext::EXT_nonuniform_qualifier]),
        "perprimitiveEXT" => (false, &[Ext::EXT_mesh_shader]),
        "perprimitiveNV" | "perviewNV" | "taskNV" => (false, &[Ext::NV_mesh_shader]),
        "pervertexNV" => (false, &[Ext::NV_fragment_shader_barycentric]),
        "pervertexEXT" => (false, &[Ext::EXT_fragment_shader_barycentric]),
        "__explicitInterpAMD" => (false, &[Ext::AMD_shader_explicit_vertex_parameter]),
        "devicecoherent"
        | "queuefamilycoherent"
        | "workgroupcoherent"
        | "subgroupcoherent"
        | "nonprivate" => (false, &[Ext::KHR_memory_scope_semantics]),
        "shadercallcoherent" => (false, &[Ext::EXT_ray_tracing]),
        "nontemporal" => (false, &[Ext::EXT_nontemporal_keyword]),
        "subgroupuniformEXT" => (false, &[Ext::EXT_subgroupuniform_qualifier]),
        "spirv_by_reference" | "spirv_literal" => (false, &[Ext::EXT_spirv_intrinsics]),
        _ => return None,
    })
}

/// Layout qualifier names: (takes a value, requirement to check).
fn layout_takes_value(name: &str) -> Option<bool> {
    Some(match name {
        "location"
        | "component"
        | "binding"
        | "set"
        | "offset"
        | "align"
        | "index"
        | "input_attachment_index"
        | "constant_id"
        | "local_size_x"
        | "local_size_y"
        | "local_size_z"
        | "local_size_x_id"
        | "local_size_y_id"
        | "local_size_z_id"
        | "max_vertices"
        | "invocations"
        | "stream"
        | "vertices"
        | "xfb_buffer"
        | "xfb_offset"
        | "xfb_stride"
        | "num_views"
        | "max_primitives"
        | "buffer_reference_align"
        | "secondary_view_offset"
        | "heap_offset"
        | "num_tiles"
        | "push_constant_bank"
        | "member_offset"
        | "primitive_culling_"
        | "sampler_heap_offset"
        | "bank"
        | "descriptor_stride"
        | "descriptor_size"
        | "shading_rate_xqcom"
        | "shading_rate_yqcom"
        | "shading_rate_zqcom" => true,
        "std140"
        | "std430"
        | "shared"
        | "packed"
        | "scalar"
        | "row_major"
        | "column_major"
        | "push_constant"
        | "points"
        | "lines"
        | "lines_adjacency"
        | "triangles"
        | "triangles_adjacency"
        | "line_strip"
        | "triangle_strip"
        | "equal_spacing"
        | "fractional_even_spacing"
        | "fractional_odd_spacing"
        | "cw"
        | "ccw"
        | "point_mode"
        | "quads"
        | "isolines"
        | "origin_upper_left"
        | "pixel_center_integer"
        | "early_fragment_tests"
        | "depth_any"
        | "depth_greater"
        | "depth_less"
        | "depth_unchanged"
        | "post_depth_coverage"
        | "pixel_interlock_ordered"
        | "pixel_interlock_unordered"
        | "sample_interlock_ordered"
        | "sample_interlock_unordered"
        | "shading_rate_interlock_ordered"
        | "shading_rate_interlock_unordered"
        | "derivative_group_quadsnv"
        | "derivative_group_linearnv"
        | "derivative_group_quads"
        | "derivative_group_linear"
        | "derivative_group_quadskhr"
        | "derivative_group_linearkhr"
        | "buffer_reference"
        | "primitive_culling"
        | "viewport_relative"
        | "passthrough"
        | "override_coverage"
        | "bindless_sampler"
        | "bindless_image"
        | "bound_sampler"
        | "bound_image"
        | "shaderrecordnv"
        | "shaderrecordext"
        | "full_quads"
        | "quad_derivatives"
        | "non_coherent_color_attachment_readext"
        | "non_coherent_depth_attachment_readext"
        | "non_coherent_stencil_attachment_readext"
        | "non_coherent_attachment_readqcom"
        | "early_and_late_fragment_tests_amd"
        | "stencil_ref_unchanged_front_amd"
        | "stencil_ref_greater_front_amd"
        | "stencil_ref_less_front_amd"
        | "stencil_ref_unchanged_back_amd"
        | "stencil_ref_greater_back_amd"
        | "stencil_ref_less_back_amd"
        | "descriptor_heap"
        | "tile_attachmentqcom"
        | "maximally_reconverges"
        | "local_size_variable"
        | "yuv"
        | "buffer_type" => false,
        n if n.starts_with("blend_support_") => false,
        n if is_image_format(n) => false,
        _ => return None,
    })
}

/// Whether a layout qualifier name is an image format.
pub(super) fn is_image_format(n: &str) -> bool {
    matches!(
        n,
        "rgba32f"
            | "rgba16f"
            | "rg32f"
            | "rg16f"
            | "r11f_g11f_b10f"
            | "r32f"
            | "r16f"
            | "rgba16"
            | "rgb10_a2"
            | "rgba8"
            | "rg16"
            | "rg8"
            | "r16"
            | "r8"
            | "rgba16_snorm"
            | "rgba8_snorm"
            | "rg16_snorm"
            | "rg8_snorm"
            | "r16_snorm"
            | "r8_snorm"
            | "rgba32i"
            | "rgba16i"
            | "rgba8i"
            | "rg32i"
            | "rg16i"
            | "rg8i"
            | "r32i"
            | "r16i"
            | "r8i"
            | "rgba32ui"
            | "rgba16ui"
            | "rgb10_a2ui"
            | "rgba8ui"
            | "rg32ui"
            | "rg16ui"
            | "rg8ui"
            | "r32ui"
            | "r16ui"
            | "r8ui"
            | "r64ui"
            | "r64i"
            | "size1x8"
            | "size1x16"
            | "size1x32"
            | "size2x32"
            | "size4x32"
    )
}

impl Checker<'_> {
    /// A top-level item.
    pub(crate) fn external(&mut self, d: &ast::ExternalDecl) {
        match d {
            ast::ExternalDecl::Function(f) => self.function_def(f),
            ast::ExternalDecl::Decl(d) => {
                self.declaration(d, true);
            }
            ast::ExternalDecl::Empty(span) => {
                if self.is_es() && !self.at_least(0, 300) {
                    self.warning("empty-declaration", *span, "stray `;` at global scope");
                }
            }
        }
    }

    /// A declaration; returns the variables it declared (for statements; none at global
    /// scope, where no caller needs them).
    pub(crate) fn declaration(&mut self, d: &ast::Decl, global: bool) -> Vec<VarId> {
        match &d.kind {
            DeclKind::Variables {
                qualifiers,
                ty,
                declarators,
            } => self.variables(qualifiers, ty, declarators, d.span, global),
            DeclKind::Prototype(p) => {
                if !global && !self.builtin_mode {
                    // "Function declarations (prototypes) cannot occur inside of functions;
                    // they must be at global scope."
                    self.error(
                        "local-prototype",
                        p.name_span,
                        "functions can be declared only at global scope, not inside a function",
                    );
                    return Vec::new();
                }
                self.function_proto(p, false);
                Vec::new()
            }
            DeclKind::Block(b) => {
                if !global {
                    self.error(
                        "local-block",
                        b.name_span,
                        "interface blocks must be declared at global scope",
                    );
                    return Vec::new();
                }
                self.block(b, d.span);
                Vec::new()
            }
            DeclKind::Qualifiers(q) => {
                self.qualifier_only(q, d.span, global);
                Vec::new()
            }
            DeclKind::QualifiedNames { qualifiers, names } => {
                self.qualified_names(qualifiers, names, d.span, global);
                Vec::new()
            }
            DeclKind::Precision {
                precision,
                precision_span,
                ty,
            } => {
                self.precision_statement(*precision, *precision_span, ty, d.span);
                Vec::new()
            }
            DeclKind::SpirvDirective(q) => {
                self.record_spirv_execution_mode(q);
                Vec::new()
            }
        }
    }

    // ---- qualifiers ----

    pub(crate) fn qualifiers(&mut self, q: &ast::Qualifiers, ctx: QualCtx) -> Quals {
        let mut out = Quals {
            span: q.span,
            ..Quals::default()
        };
        // Order rules before GLSL 4.20 / ES 3.10: invariant, interpolation, storage, precision.
        // (GL_EXT_gpu_shader4 lets `centroid` and the interpolation qualifiers come in
        // either order.)
        let relaxed = self.at_least(420, 310)
            || self.ext_on(Ext::ARB_shading_language_420pack)
            || self.builtin_mode;
        let gpu_shader4 = self.ext_on(Ext::EXT_gpu_shader4) && !self.at_least(130, 300);
        let mut last_rank = 0u8;
        let mut seen_precision = false;
        let mut seen_interp = false;
        for item in &q.items {
            let span = item.span;
            let rank = match &item.kind {
                QualifierKind::Invariant | QualifierKind::Precise => 0,
                QualifierKind::Smooth | QualifierKind::Flat | QualifierKind::Noperspective => 1,
                QualifierKind::Layout(_) => 1,
                QualifierKind::Precision(_) => 3,
                QualifierKind::Named(_)
                | QualifierKind::Spirv(_)
                | QualifierKind::Subroutine(_) => last_rank,
                _ => 2,
            };
            let centroid_interp = gpu_shader4
                && rank == 1
                && last_rank == 2
                && q.items.iter().take_while(|i| i.span != span).all(|i| {
                    !matches!(
                        i.kind,
                        QualifierKind::Attribute
                            | QualifierKind::Varying
                            | QualifierKind::In
                            | QualifierKind::Out
                            | QualifierKind::Uniform
                            | QualifierKind::Const
                    )
                });
            if !relaxed && rank < last_rank && !centroid_interp {
                self.error(
                    "qualifier-order",
                    span,
                    format!(
                        "qualifiers must be in the order invariant, interpolation, storage, precision before GLSL 4.20 (this is GLSL {})",
                        self.version
                    ),
                );
            }
            last_rank = last_rank.max(rank);
            let storage = |k| Some(k);
            let st = match &item.kind {
                QualifierKind::Const => storage(StorageKw::Const),
                QualifierKind::In => storage(StorageKw::In),
                QualifierKind::Out => storage(StorageKw::Out),
                QualifierKind::Inout => storage(StorageKw::InOut),
                QualifierKind::Uniform => storage(StorageKw::Uniform),
                QualifierKind::Buffer => storage(StorageKw::Buffer),
                QualifierKind::Shared => storage(StorageKw::Shared),
                QualifierKind::Attribute => storage(StorageKw::Attribute),
                QualifierKind::Varying => storage(StorageKw::Varying),
                _ => None,
            };
            if let Some(k) = st {
                self.set_storage(&mut out, k, span, ctx);
                continue;
            }
            // Auxiliary storage qualifiers (`centroid`, `sample`, `patch`): at most one, and
            // before GLSL 4.20 directly before the storage qualifier they modify.
            let aux = matches!(
                item.kind,
                QualifierKind::Centroid | QualifierKind::Sample | QualifierKind::Patch
            );
            if aux {
                if out.quals.centroid || out.quals.sample || out.quals.patch {
                    self.error(
                        "duplicate-qualifier",
                        span,
                        "at most one auxiliary storage qualifier (`centroid`, `sample`, `patch`) is allowed",
                    );
                }
                if !relaxed && out.storage.is_some() {
                    self.error(
                        "qualifier-order",
                        span,
                        format!(
                            "an auxiliary storage qualifier must come before the storage qualifier before GLSL 4.20 (this is GLSL {})",
                            self.version
                        ),
                    );
                }
                if matches!(ctx, QualCtx::StructMember | QualCtx::BlockMember)
                    && !matches!(self.block_storage, Some(StorageKw::In | StorageKw::Out))
                    && !self.builtin_mode
                {
                    self.error(
                        "member-qualifier",
                        span,
                        "auxiliary storage qualifiers apply only to inputs and outputs, not to members of structures or uniform and buffer blocks",
                    );
                }
            }
            match &item.kind {
                QualifierKind::Centroid => {
                    out.quals.centroid = true;
                }
                QualifierKind::Sample => {
                    out.quals.sample = true;
                }
                QualifierKind::Patch => {
                    out.quals.patch = true;
                }
                QualifierKind::Smooth | QualifierKind::Flat | QualifierKind::Noperspective => {
                    if seen_interp {
                        self.error(
                            "duplicate-qualifier",
                            span,
                            "more than one interpolation qualifier",
                        );
                    }
                    seen_interp = true;
                    out.quals.interp = Some(match item.kind {
                        QualifierKind::Smooth => Interp::Smooth,
                        QualifierKind::Flat => Interp::Flat,
                        _ => Interp::NoPerspective,
                    });
                }
                QualifierKind::Invariant => {
                    if out.quals.invariant {
                        self.error("duplicate-qualifier", span, "`invariant` appears twice");
                    }
                    out.quals.invariant = true;
                }
                QualifierKind::Precise => out.quals.precise = true,
                QualifierKind::Coherent => out.quals.memory.coherent = true,
                QualifierKind::Volatile => out.quals.memory.volatile = true,
                QualifierKind::Restrict => out.quals.memory.restrict = true,
                QualifierKind::Readonly => out.quals.memory.readonly = true,
                QualifierKind::Writeonly => out.quals.memory.writeonly = true,
                QualifierKind::Precision(p) => {
                    if seen_precision {
                        self.error(
                            "duplicate-qualifier",
                            span,
                            "more than one precision qualifier",
                        );
                    }
                    seen_precision = true;
                    out.quals.precision = Some(*p);
                }
                QualifierKind::Layout(ids) => self.layout_ids(ids, &mut out.quals.layout),
                QualifierKind::Subroutine(names) => {
                    self.require(span, "subroutines", 400, 0, &[Ext::ARB_shader_subroutine]);
                    if out.subroutine.is_some() {
                        self.error("duplicate-qualifier", span, "`subroutine` appears twice");
                    }
                    out.subroutine = Some(names.clone());
                }
                QualifierKind::Named(s) => match ext_qualifier(self.name(*s)) {
                    Some((is_storage, exts)) => {
                        if !self.builtin_mode && !self.any_ext(exts) {
                            let text = self.name(*s).to_string();
                            let names: Vec<&str> = exts.iter().map(|e| e.name()).collect();
                            self.error(
                                "feature-unavailable",
                                span,
                                format!("qualifier `{text}` needs {}", names.join(" or ")),
                            );
                        }
                        if is_storage {
                            self.set_storage(&mut out, StorageKw::Ext(*s), span, ctx);
                        } else {
                            out.quals.ext.push(*s);
                        }
                    }
                    None => {
                        let text = self.name(*s).to_string();
                        self.error(
                            "unknown-qualifier",
                            span,
                            format!("unknown qualifier `{text}`"),
                        )
                    }
                },
                QualifierKind::Spirv(sq) => self.record_spirv_requirements(sq),
                _ => {}
            }
        }
        if let (Some(_), Some((StorageKw::Varying, span))) = (out.quals.interp, out.storage) {
            // "These interpolation qualifiers ... do not apply to the deprecated storage
            // qualifiers varying or centroid varying." (GLSL 1.30)
            if self.at_least(130, 300) && !self.builtin_mode {
                self.error(
                    "interpolation-varying",
                    span,
                    "interpolation qualifiers cannot be applied to `varying`; use `in` or `out`",
                );
            }
        }
        self.check_layout_qualifiers(q, &out, ctx);
        out
    }

    fn set_storage(&mut self, out: &mut Quals, k: StorageKw, span: Span, ctx: QualCtx) {
        if let Some((prev, _)) = out.storage {
            // GL_EXT_gpu_shader4's `varying out` (fragment outputs) and
            // GL_ARB_geometry_shader4's `varying in` / `varying out`: the direction wins.
            let varying_dir = prev == StorageKw::Varying
                && matches!(k, StorageKw::In | StorageKw::Out)
                && self.any_ext(&[
                    Ext::EXT_gpu_shader4,
                    Ext::ARB_geometry_shader4,
                    Ext::EXT_geometry_shader4,
                ]);
            if varying_dir {
                out.storage = Some((k, span));
                out.varying_dir = true;
                return;
            }
            // `in out` is `inout` (as glslang reads it).
            if ctx == QualCtx::Param
                && matches!(
                    (prev, k),
                    (StorageKw::In, StorageKw::Out) | (StorageKw::Out, StorageKw::In)
                )
            {
                out.storage = Some((StorageKw::InOut, span));
                return;
            }
            // `const in` parameters are allowed, and `in const` where qualifiers may come in
            // any order (GLSL 4.20, GLSL ES 3.10, GL_ARB_shading_language_420pack).
            let ok = ctx == QualCtx::Param
                && match (prev, k) {
                    (StorageKw::Const, StorageKw::In) => true,
                    (StorageKw::In, StorageKw::Const) => {
                        self.at_least(420, 310) || self.ext_on(Ext::ARB_shading_language_420pack)
                    }
                    _ => false,
                };
            if !ok {
                self.error(
                    "duplicate-qualifier",
                    span,
                    "more than one storage qualifier",
                );
                return;
            }
            out.storage = Some((StorageKw::Const, span));
            return;
        }
        out.storage = Some((k, span));
    }

    /// Checks `layout(...)` entries (known names, values where needed) and appends them to
    /// `out`, named in lower case.
    pub(crate) fn layout_ids(&mut self, ids_: &[ast::LayoutId], out: &mut Vec<LayoutEntry>) {
        out.reserve(ids_.len());
        for id in ids_ {
            // Layout names are case-insensitive: named by their lower-case spelling (without
            // a copy when written in lower case, as nearly always; performance).
            let raw = self.name(id.name);
            let name = if raw.bytes().any(|b| b.is_ascii_uppercase()) {
                let lower = raw.to_ascii_lowercase();
                self.interner.intern(&lower)
            } else {
                id.name
            };
            let mut expr = None;
            let value = match id.value {
                Some(e) => {
                    let ex = self.expr(e);
                    if self.name(name) == "heap_offset" {
                        expr = Some(ex);
                    }
                    let ty = self.ety(ex);
                    match self.const_value(ex) {
                        Some(c) if c.to_i64().is_some() => c.to_i64(),
                        _ => {
                            // GL_EXT_descriptor_heap: heap offsets may be dynamic.
                            if !self.m.types.is_error(ty) && self.name(name) != "heap_offset" {
                                let raw = self.name(id.name);
                                let msg = format!("the value of layout qualifier `{raw}` must be a constant integer expression");
                                self.error("layout-value", id.span, msg);
                            }
                            None
                        }
                    }
                }
                None => None,
            };
            match layout_takes_value(self.name(name)) {
                Some(true) if id.value.is_none() => {
                    let raw = self.name(id.name);
                    let msg = format!("layout qualifier `{raw}` needs a value (`{raw} = N`)");
                    self.error("layout-value", id.span, msg);
                }
                Some(false) if id.value.is_some() => {
                    let raw = self.name(id.name);
                    let msg = format!("layout qualifier `{raw}` does not take a value");
                    self.error("layout-value", id.span, msg);
                }
                None if !self.builtin_mode => {
                    let raw = self.name(id.name);
                    let msg = format!("unknown layout qualifier `{raw}`");
                    self.error("unknown-layout", id.span, msg);
                    continue;
                }
                _ => {}
            }
            if let Some(v) = value {
                if v < 0
                    && matches!(
                        self.name(name),
                        "location" | "binding" | "offset" | "set" | "component" | "index"
                    )
                {
                    let raw = self.name(id.name);
                    let msg = format!("layout qualifier `{raw}` must not be negative (found {v})");
                    self.error("layout-value", id.span, msg);
                }
            }
            out.push(LayoutEntry {
                name,
                value,
                span: id.span,
                expr,
            });
        }
    }

    // ---- types ----

    /// The type of a type specifier (struct definitions declared as a side effect).
    pub(crate) fn resolve_type(&mut self, ts: &ast::TypeSpec) -> TypeId {
        let base = match &ts.kind {
            ast::TypeKind::Builtin(k) => self.keyword_type(*k, ts.span),
            ast::TypeKind::Named(n) => self.resolve_named_type(*n, ts.params.as_deref(), ts.span),
            ast::TypeKind::Struct(s) => self.struct_specifier(s),
            ast::TypeKind::Spirv(q) => {
                // Issue 5: named by its canonical text (see `spirv_type.rs`).
                let text = self
                    .spirv_type_text(q)
                    .unwrap_or_else(|| "spirv_type".to_string());
                let sym = self.interner.intern(&text);
                self.m.types.intern(Type::ExtOpaque(sym))
            }
        };
        match &ts.array {
            Some(a) => {
                self.require(
                    a.span,
                    "array types written on the type (`float[2] x`)",
                    120,
                    300,
                    &[],
                );
                self.apply_array(base, a)
            }
            None => base,
        }
    }

    pub(crate) fn keyword_type(&mut self, k: Keyword, span: Span) -> TypeId {
        match crate::builtin_types::parse_type_name(k.text()) {
            Some(b) => self.m.types.from_btype(b),
            None => {
                self.error(
                    "unknown-type",
                    span,
                    format!("`{}` is not a type", k.text()),
                );
                ids::ERROR
            }
        }
    }

    fn struct_specifier(&mut self, s: &ast::StructSpec) -> TypeId {
        if s.members.is_empty() {
            self.error(
                "empty-struct",
                s.span,
                "a struct must have at least one member",
            );
        }
        if !self.at_global_scope() || self.func.is_some() {
            // Local structs are fine; nested struct definitions in members are checked there.
        }
        self.push_member_scope();
        let members = self.members(&s.members, QualCtx::StructMember);
        self.pop_member_scope();
        let def = StructDef {
            name: s.name.map(|(n, _)| n),
            kind: StructKind::Struct,
            members,
            span: s.span,
            block_layout: None,
        };
        let ty = self.m.types.add_struct(def);
        if let Some((n, span)) = s.name {
            self.check_user_name(n, span);
            self.check_not_block_name(n, span);
            self.bind(n, Binding::Type(ty, span), span);
        }
        ty
    }

    /// Inside a GL_EXT_descriptor_heap heap block (`resourceheap` / `samplerheap`).
    fn in_heap_block(&self) -> bool {
        matches!(self.block_storage, Some(StorageKw::Ext(s))
            if matches!(self.name(s), "resourceheap" | "samplerheap"))
    }

    /// Turns the anonymous structure of an in-place buffer-reference member of a heap block
    /// into the block type it points at, as `layout(buffer_reference) buffer B { ... };`
    /// would declare it (std430 unless the member's layout says otherwise).
    fn make_inline_reference_block(&mut self, ty: TypeId, q: &Quals) {
        let Type::Struct(sid) = *self.m.types.get(ty) else {
            return;
        };
        let mut bl = crate::types::BlockLayout {
            packing: Some(crate::memory_layout::Packing::Std430),
            row_major: false,
            buffer_type: None,
            memory: Memory::default(),
        };
        self.apply_packing_and_order(&mut bl, &q.quals.layout);
        let def = self.m.types.struct_def_mut(sid);
        def.kind = StructKind::Block;
        def.block_layout = Some(bl);
    }

    /// The packing (`std140`, `std430`, `scalar`, ...) and matrix order a layout names, over
    /// the defaults in `bl` (a buffer-reference block's layout).
    fn apply_packing_and_order(
        &self,
        bl: &mut crate::types::BlockLayout,
        layout: &[crate::hir::LayoutEntry],
    ) {
        for e in layout {
            let n = self.name(e.name);
            if let Some(p) = crate::memory_layout::Packing::from_name(n) {
                bl.packing = Some(p);
            } else if n == "row_major" {
                bl.row_major = true;
            } else if n == "column_major" {
                bl.row_major = false;
            }
        }
    }

    fn push_member_scope(&mut self) {}
    fn pop_member_scope(&mut self) {}

    /// Members of a struct or block.
    fn members(&mut self, members: &[ast::StructMember], ctx: QualCtx) -> Vec<Member> {
        // (performance: sized once)
        let mut out: Vec<Member> =
            Vec::with_capacity(members.iter().map(|m| m.declarators.len()).sum());
        for m in members {
            if m.declarators.is_empty() && !self.builtin_mode {
                self.error(
                    "member-name",
                    m.span,
                    "a member declaration needs a name (anonymous members are not allowed)",
                );
            }
            let q = self.qualifiers(&m.qualifiers, ctx);
            // GL_EXT_structured_descriptor_heap: a heap block's member may define its
            // buffer-reference block in place (`layout(buffer_reference) buffer { ... } r;`).
            let inline_ref = ctx == QualCtx::BlockMember
                && matches!(m.ty.kind, ast::TypeKind::Struct(_))
                && self.in_heap_block()
                && matches!(q.storage, Some((StorageKw::Buffer | StorageKw::Uniform, _)))
                && self
                    .interner
                    .get("buffer_reference")
                    .is_some_and(|s| q.quals.layout_value(s).is_some());
            if let ast::TypeKind::Struct(inner) = &m.ty.kind {
                // "Embedded structure definitions are not supported" from GLSL 1.20; GLSL
                // 1.10 accepted them inside structures (never inside blocks).
                let embedded_ok = ctx == QualCtx::StructMember && !self.at_least(120, 100);
                if !embedded_ok && !inline_ref && !self.builtin_mode {
                    self.error(
                        "nested-struct",
                        inner.span,
                        "struct definitions cannot be nested inside a struct or block",
                    );
                }
            }
            if ctx == QualCtx::BlockMember && !self.builtin_mode {
                // A member may repeat its block's storage, nothing else; only output
                // members can be invariant.
                let plain_block = !matches!(self.block_storage, Some(StorageKw::Ext(_)));
                if let (Some((k, s)), Some(bk), true) = (q.storage, self.block_storage, plain_block)
                {
                    let same = k == bk
                        || matches!(
                            (k, bk),
                            (StorageKw::Attribute, StorageKw::In) | (StorageKw::Varying, _)
                        );
                    if !same {
                        self.error(
                            "member-qualifier",
                            s,
                            format!(
                                "a member of {} block cannot have a different storage qualifier",
                                match bk {
                                    StorageKw::Uniform => "a `uniform`",
                                    StorageKw::Buffer => "a `buffer`",
                                    StorageKw::In => "an `in`",
                                    StorageKw::Out => "an `out`",
                                    _ => "this",
                                }
                            ),
                        );
                    }
                }
                if q.quals.invariant && self.block_storage != Some(StorageKw::Out) {
                    self.error(
                        "invariant-qualifier",
                        m.span,
                        "only members of output blocks can be `invariant`",
                    );
                }
            }
            if let Some((StorageKw::Attribute | StorageKw::Varying, s)) = q.storage {
                if ctx != QualCtx::StructMember && !self.builtin_mode {
                    // "Declarations using the deprecated attribute and varying qualifiers
                    // are not allowed" in interface blocks.
                    self.error(
                        "member-qualifier",
                        s,
                        "block members cannot use the deprecated `attribute` and `varying`",
                    );
                }
            }
            if ctx == QualCtx::StructMember {
                let bad = q.storage.is_some()
                    || q.quals.interp.is_some()
                    || q.quals.invariant
                    || q.quals.centroid
                    || !q.quals.layout.is_empty();
                if bad && !self.builtin_mode {
                    self.error(
                        "member-qualifier",
                        m.span,
                        "struct members may have only a precision qualifier",
                    );
                }
            }
            let ty = self.resolve_type(&m.ty);
            if inline_ref {
                self.make_inline_reference_block(ty, &q);
            }
            // Memory qualifiers: not on uniform block members, except images (which
            // ARB_bindless_texture allows there).
            let image_member = matches!(self.m.types.get(self.m.types.innermost(ty)),
                Type::Opaque(o) if o.kind == crate::builtin_types::OpaqueKind::Image);
            if ctx == QualCtx::BlockMember
                && q.quals.memory != Memory::default()
                && self.block_storage == Some(StorageKw::Uniform)
                && !image_member
                && !self.builtin_mode
            {
                self.error(
                    "memory-qualifier",
                    m.span,
                    "memory qualifiers apply to images, buffer variables and shader storage blocks, not to uniform block members",
                );
            }
            // "Uniforms not qualified with writeonly must have a format layout qualifier"
            // holds for images inside structures and blocks too (which ARB_bindless_texture
            // allows).
            if image_member
                && !self.builtin_mode
                && !self.vulkan()
                && !self.is_es()
                && !q.quals.memory.writeonly
                && !q
                    .quals
                    .layout
                    .iter()
                    .any(|e| is_image_format(self.name(e.name)))
                && !self.ext_on(Ext::EXT_shader_image_load_formatted)
            {
                self.error(
                    "layout-required",
                    m.span,
                    "an image member needs a format layout qualifier unless it is `writeonly` (or GL_EXT_shader_image_load_formatted is enabled)",
                );
            }
            if matches!(self.m.types.get(ty), Type::Void) {
                self.error("void-member", m.ty.span, "a member cannot have type `void`");
            }
            if ctx != QualCtx::StructMember && !self.builtin_mode {
                self.check_ext_block_member(ty, m.ty.span);
            }
            for d in &m.declarators {
                let mut t = ty;
                if let Some(a) = &d.array {
                    t = self.apply_array(t, a);
                }
                self.check_inner_sizes(t, false, d.name_span);
                // "Member declarators can contain arrays. Such arrays must have a size
                // specified" (structures; a block's last member may be sized at run time, and
                // a structure met among a block's members defines a block in place).
                if ctx == QualCtx::StructMember
                    && !self.builtin_mode
                    && self.block_storage.is_none()
                    && matches!(
                        self.m.types.get(t),
                        Type::Array {
                            size: ArraySize::Unsized,
                            ..
                        }
                    )
                {
                    self.error(
                        "member-array-size",
                        d.name_span,
                        format!(
                            "the array member `{}` of a structure must have a size",
                            self.name(d.name)
                        ),
                    );
                }
                if d.init.is_some() {
                    self.error(
                        "member-initializer",
                        d.name_span,
                        "struct and block members cannot have initializers",
                    );
                }
                if out.iter().any(|x| x.name == d.name) {
                    self.error(
                        "redeclaration",
                        d.name_span,
                        format!("member `{}` is declared twice", self.name(d.name)),
                    );
                    continue;
                }
                if ctx == QualCtx::StructMember {
                    self.check_user_name(d.name, d.name_span);
                }
                let mut layout = MemberLayout::default();
                // A layout name the interner does not hold is in no qualifier; most members
                // have none at all (performance: no hashing of six names per member).
                if !q.quals.layout.is_empty() {
                    let find = |n: &str, q: &Quals, this: &Self| -> Option<Option<i64>> {
                        q.quals.layout_value(this.interner.get(n)?)
                    };
                    layout.offset = find("offset", &q, self).flatten().map(|v| v as u32);
                    layout.align = find("align", &q, self).flatten().map(|v| v as u32);
                    layout.location = find("location", &q, self).flatten().map(|v| v as u32);
                    layout.component = find("component", &q, self).flatten().map(|v| v as u32);
                    if find("row_major", &q, self).is_some() {
                        layout.row_major = Some(true);
                    } else if find("column_major", &q, self).is_some() {
                        layout.row_major = Some(false);
                    }
                    layout.entries = q.quals.layout.clone();
                }
                out.push(Member {
                    name: d.name,
                    ty: t,
                    span: d.name_span,
                    // GLSL ES: a member without a qualifier takes the default precision in
                    // effect where the structure is declared (linking compares it).
                    precision: q.quals.precision.or_else(|| {
                        if self.is_es() {
                            self.default_precision_of(t)
                        } else {
                            None
                        }
                    }),
                    memory: q.quals.memory,
                    layout,
                    interface: crate::types::MemberInterface {
                        interp: q.quals.interp,
                        centroid: q.quals.centroid,
                        sample: q.quals.sample,
                        patch: q.quals.patch,
                        invariant: q.quals.invariant,
                        precise: q.quals.precise,
                        ext: q.quals.ext.clone(),
                    },
                });
            }
        }
        out
    }

    // ---- variables ----

    fn variables(
        &mut self,
        qualifiers: &ast::Qualifiers,
        ts: &ast::TypeSpec,
        declarators: &[ast::Declarator],
        span: Span,
        global: bool,
    ) -> Vec<VarId> {
        let ctx = if global {
            QualCtx::Global
        } else {
            QualCtx::Local
        };
        let q = self.qualifiers(qualifiers, ctx);
        let base = self.resolve_type(ts);
        // Only statements use the list (performance: no allocation per global declaration).
        let mut out = Vec::with_capacity(if global { 0 } else { declarators.len() });
        if declarators.is_empty() {
            // `struct S { ... };` or `float;`
            let unsized_array = matches!(
                self.m.types.get(base),
                Type::Array {
                    size: ArraySize::Unsized,
                    ..
                }
            );
            if unsized_array && self.is_es() && !self.builtin_mode {
                // `int[];`: GLSL ES requires every array type to have a size where it is
                // declared, and an empty declaration gives it no other way to get one.
                self.error(
                    "array-size",
                    span,
                    "an empty declaration cannot have an unsized array type",
                );
            } else if !matches!(ts.kind, ast::TypeKind::Struct(_)) && !self.builtin_mode {
                self.warning("empty-declaration", span, "declaration declares nothing");
            } else if let Some(p) = q.quals.precision {
                let _ = p;
                self.check_precision_available(base, q.quals.precision, ts.span);
            }
            return out;
        }
        let storage = self.storage_of(&q, global, base, span);
        let is_subroutine_type = matches!(
            self.m.types.get(self.m.types.innermost(base)),
            Type::Subroutine(_)
        );
        match &q.subroutine {
            Some(list) if !self.builtin_mode => {
                if !list.is_empty() {
                    self.error(
                        "subroutine-qualifier",
                        span,
                        "`subroutine(...)` applies only to function definitions",
                    );
                } else if !is_subroutine_type || storage != Storage::Uniform {
                    self.error(
                        "subroutine-qualifier",
                        span,
                        "`subroutine` declares subroutine types, functions and `subroutine uniform` variables of a subroutine type",
                    );
                }
            }
            None if is_subroutine_type && !self.builtin_mode => {
                self.error(
                    "subroutine-qualifier",
                    span,
                    "variables of a subroutine type must be declared `subroutine uniform`",
                );
            }
            _ => {}
        }
        self.check_storage_rules(&q, storage, base, span, global);
        for d in declarators {
            let mut ty = base;
            if let Some(a) = &d.array {
                if !self.at_least(0, 300)
                    && self.is_es()
                    && (storage == Storage::In && self.stage == Some(Stage::Vertex))
                {
                    self.error(
                        "array-attribute",
                        a.span,
                        "vertex shader inputs cannot be arrays in GLSL ES 1.00",
                    );
                }
                // GL_ARB/EXT_geometry_shader4: a geometry input holds one array per input
                // vertex (`varying in float x[][6]`) without arrays of arrays.
                let per_vertex_arrays = storage == Storage::In
                    && self.stage == Some(Stage::Geometry)
                    && self.any_ext(&[Ext::ARB_geometry_shader4, Ext::EXT_geometry_shader4]);
                ty = self.apply_array_dims(ty, a, per_vertex_arrays);
                let es_varying = self.is_es()
                    && ((storage == Storage::Out && self.stage == Some(Stage::Vertex))
                        || (storage == Storage::In && self.stage == Some(Stage::Fragment)));
                let struct_elem = matches!(
                    self.m.types.get(self.m.types.innermost(ty)),
                    Type::Struct(sid) if self.m.types.struct_def(*sid).kind == StructKind::Struct
                );
                // Tessellation and geometry variables not arrayed per vertex (per-patch
                // ones, evaluation and geometry outputs): no arrays of structures either.
                let es_not_per_vertex = self.is_es()
                    && (q.quals.patch
                        || (storage == Storage::Out
                            && matches!(self.stage, Some(Stage::TessEval | Stage::Geometry))));
                if es_not_per_vertex && struct_elem && !self.builtin_mode {
                    self.error(
                        "interface-type",
                        d.name_span,
                        "GLSL ES per-patch variables and tessellation evaluation and geometry \
                         outputs cannot be arrays of structures",
                    );
                }
                if es_varying && struct_elem && !self.builtin_mode {
                    self.error(
                        "interface-type",
                        d.name_span,
                        format!(
                            "GLSL ES {} cannot be an array of structures",
                            if storage == Storage::Out {
                                "vertex shader outputs"
                            } else {
                                "fragment shader inputs"
                            }
                        ),
                    );
                }
            }
            if matches!(storage, Storage::In | Storage::Out) {
                self.check_es_io_array_nesting(&q, storage, ty, d.name_span);
            }
            if storage == Storage::Uniform {
                self.check_vulkan_opaque_struct_uniform(ty, d.name, d.name_span);
            }
            if let Some(v) = self.declare_var(&q, storage, ty, d, global) {
                if !global {
                    out.push(v);
                }
            }
        }
        out
    }

    /// GLSL ES inputs and outputs cannot be arrays of arrays (ES 3.20 "Input Variables",
    /// "Output Variables"): vertex, tessellation evaluation and geometry outputs, fragment
    /// inputs and outputs, and per-patch variables; the tessellation and geometry variables
    /// arrayed per vertex can have one array dimension inside the per-vertex one, but not an
    /// array of structures ("per-vertex-arrayed arrays of structures"). `ty` is the
    /// declared type with all its dimensions (`out float[2] x[3]` too). Vertex inputs cannot
    /// be arrays at all, which is reported elsewhere; blocks have their own rule.
    fn check_es_io_array_nesting(&mut self, q: &Quals, storage: Storage, ty: TypeId, span: Span) {
        if !self.is_es() || self.builtin_mode {
            return;
        }
        let Some(stage) = self.stage else {
            return;
        };
        let per_vertex = !q.quals.patch
            && match stage {
                Stage::TessControl => true,
                Stage::TessEval | Stage::Geometry => storage == Storage::In,
                _ => false,
            };
        let types = &self.m.types;
        if types.is_block(types.innermost(ty)) || (stage == Stage::Vertex && storage == Storage::In)
        {
            return;
        }
        let mut t = ty;
        if per_vertex {
            match types.get(t) {
                Type::Array { elem, .. } => t = *elem,
                _ => return,
            }
        }
        let aoa = matches!(types.get(t), Type::Array { elem, .. } if types.is_array(*elem));
        // Arrays of structures beyond the per-vertex dimension (the other variables'
        // arrays of structures are reported with the declarator).
        let struct_array = per_vertex
            && matches!(types.get(t), Type::Array { elem, .. }
                if matches!(types.get(types.innermost(*elem)), Type::Struct(sid)
                    if types.struct_def(*sid).kind == StructKind::Struct));
        if !aoa && !struct_array {
            return;
        }
        let dir = if storage == Storage::In {
            "inputs"
        } else {
            "outputs"
        };
        let stage_name = match stage {
            Stage::Vertex => "vertex shader",
            Stage::TessControl => "tessellation control shader",
            Stage::TessEval => "tessellation evaluation shader",
            Stage::Geometry => "geometry shader",
            Stage::Fragment => "fragment shader",
            _ => "shader",
        };
        let kind = if aoa { "arrays" } else { "structures" };
        let what = if per_vertex {
            format!(
                "GLSL ES per-vertex {stage_name} {dir} cannot be arrays of {kind} beyond the \
                 per-vertex dimension"
            )
        } else if q.quals.patch {
            format!("GLSL ES per-patch {dir} cannot be arrays of arrays")
        } else {
            format!("GLSL ES {stage_name} {dir} cannot be arrays of arrays")
        };
        self.error("interface-type", span, what);
    }

    /// The storage of a variable from its qualifiers and context.
    fn storage_of(&mut self, q: &Quals, global: bool, ty: TypeId, span: Span) -> Storage {
        let _ = (ty, span);
        match q.storage {
            None => {
                if global {
                    Storage::Global
                } else {
                    Storage::Local
                }
            }
            Some((k, kspan)) => match k {
                StorageKw::Const => Storage::Const,
                StorageKw::Uniform => Storage::Uniform,
                StorageKw::Buffer => Storage::Buffer,
                StorageKw::Shared => Storage::Shared,
                StorageKw::In => Storage::In,
                StorageKw::Out => Storage::Out,
                StorageKw::InOut => {
                    if global && !self.builtin_mode {
                        // `inout` globals exist only for GL_EXT_shader_framebuffer_fetch outputs.
                        if !self.any_ext(&[
                            Ext::EXT_shader_framebuffer_fetch,
                            Ext::EXT_shader_framebuffer_fetch_non_coherent,
                        ]) {
                            self.error(
                                "inout-global",
                                kspan,
                                "`inout` can qualify only function parameters",
                            );
                        }
                    }
                    Storage::Out
                }
                StorageKw::Attribute => Storage::In,
                StorageKw::Varying => match self.stage {
                    Some(Stage::Fragment) => Storage::In,
                    _ => Storage::Out,
                },
                StorageKw::Ext(s) => Storage::Ext(s),
            },
        }
    }

    /// Rules that depend on the storage qualifier, the stage and the version.
    fn check_storage_rules(
        &mut self,
        q: &Quals,
        storage: Storage,
        ty: TypeId,
        span: Span,
        global: bool,
    ) {
        if self.builtin_mode {
            return;
        }
        self.check_ext_storage(storage, ty, span);
        let stage = self.stage;
        // Types that cannot cross a stage interface: bfloat16 and the 8-bit floats
        // (GL_EXT_bfloat16, GL_EXT_float8_e5m2_e4m3), the microscaling types, and structs
        // holding buffer references.
        if matches!(storage, Storage::In | Storage::Out) {
            let types = &self.m.types;
            let bad = if types.any_part(ty, &|t| {
                matches!(
                    t,
                    Type::Scalar(Scalar::BF16 | Scalar::FE4M3 | Scalar::FE5M2)
                        | Type::Vector(Scalar::BF16 | Scalar::FE4M3 | Scalar::FE5M2, _)
                        | Type::ExtOpaque(_)
                )
            }) {
                Some("bfloat16, 8-bit and microscaling floating-point types")
            } else if types.is_block(types.innermost(ty))
                || matches!(types.get(types.innermost(ty)), Type::Struct(sid)
                    if types.struct_def(*sid).members.iter().any(|m| types.any_part(m.ty, &|t| matches!(t, Type::Struct(s) if types.struct_def(*s).kind == StructKind::Block))))
            {
                Some("buffer references (pass a `uint64_t` or `uvec2` address instead)")
            } else {
                None
            };
            if let Some(what) = bad {
                self.error(
                    "interface-type",
                    span,
                    format!("inputs and outputs cannot contain {what}"),
                );
            }
        }
        // GLSL ES vertex outputs and fragment inputs: no arrays of structures, no structures
        // containing arrays or structures.
        let es_varying = self.is_es()
            && ((storage == Storage::Out && stage == Some(Stage::Vertex))
                || (storage == Storage::In && stage == Some(Stage::Fragment)));
        if es_varying {
            let types = &self.m.types;
            let problem = match types.get(ty) {
                Type::Array { elem, .. }
                    if matches!(types.get(types.innermost(*elem)), Type::Struct(_)) =>
                {
                    Some("an array of structures")
                }
                Type::Struct(sid) => struct_nesting(types, *sid),
                _ => None,
            };
            if let Some(what) = problem {
                self.error(
                    "interface-type",
                    span,
                    format!(
                        "GLSL ES {} cannot be {what}",
                        if storage == Storage::Out {
                            "vertex shader outputs"
                        } else {
                            "fragment shader inputs"
                        }
                    ),
                );
            }
        }
        // GLSL ES tessellation and geometry inputs and outputs: no structures containing
        // arrays or structures (ES 3.20 "Input Variables", "Output Variables").
        let es_tess_geom = self.is_es()
            && matches!(storage, Storage::In | Storage::Out)
            && matches!(
                stage,
                Some(Stage::TessControl | Stage::TessEval | Stage::Geometry)
            );
        if es_tess_geom {
            let types = &self.m.types;
            let problem = match types.get(ty) {
                Type::Struct(sid) if types.struct_def(*sid).kind == StructKind::Struct => {
                    struct_nesting(types, *sid)
                }
                _ => None,
            };
            if let Some(what) = problem {
                self.error(
                    "interface-type",
                    span,
                    format!(
                        "GLSL ES tessellation and geometry inputs and outputs cannot be {what}"
                    ),
                );
            }
        }
        if storage == Storage::Const && self.m.types.is_block(self.m.types.innermost(ty)) {
            self.error(
                "const-reference",
                span,
                "variables of a buffer reference type cannot be `const`",
            );
        }
        if let Some((k, kspan)) = q.storage {
            if !global && !matches!(k, StorageKw::Const) {
                self.error(
                    "local-storage",
                    kspan,
                    "local variables can only be qualified `const`",
                );
            }
            match k {
                StorageKw::Attribute => {
                    if stage.is_some() && stage != Some(Stage::Vertex) {
                        self.error(
                            "attribute-stage",
                            kspan,
                            "`attribute` is allowed only in vertex shaders",
                        );
                    }
                    // Deprecated in GLSL 1.30, removed from the core profile in 4.20.
                    if !self.is_es()
                        && self.version.number >= 420
                        && !self.version.is_compatibility()
                    {
                        self.error(
                            "deprecated-storage",
                            kspan,
                            format!("`attribute` is not available in the core profile of GLSL {} (use `in`)", self.version),
                        );
                    }
                }
                StorageKw::Varying => {
                    if matches!(stage, Some(s) if s != Stage::Vertex && s != Stage::Fragment) {
                        self.error(
                            "varying-stage",
                            kspan,
                            "`varying` is allowed only in vertex and fragment shaders",
                        );
                    }
                    // Deprecated in GLSL 1.30, removed from the core profile in 4.20.
                    if !self.is_es()
                        && self.version.number >= 420
                        && !self.version.is_compatibility()
                    {
                        self.error(
                            "deprecated-storage",
                            kspan,
                            format!("`varying` is not available in the core profile of GLSL {} (use `in`/`out`)", self.version),
                        );
                    }
                }
                StorageKw::In | StorageKw::Out if global && !q.varying_dir => {
                    // GL_ARB_fragment_coord_conventions redeclares `gl_FragCoord` as a
                    // fragment `in` with a layout, from GLSL 1.10 (which `gl_FragCoord` only
                    // may be: the redeclaration rules).
                    let frag_in = k == StorageKw::In && stage == Some(Stage::Fragment);
                    let exts: &[Ext] = if frag_in {
                        &[
                            Ext::ARB_explicit_attrib_location,
                            Ext::ARB_separate_shader_objects,
                            Ext::ARB_fragment_coord_conventions,
                        ]
                    } else {
                        &[
                            Ext::ARB_explicit_attrib_location,
                            Ext::ARB_separate_shader_objects,
                        ]
                    };
                    self.require(kspan, "global `in` and `out` variables", 130, 300, exts);
                    if k == StorageKw::In && stage == Some(Stage::Compute) {
                        self.error(
                            "compute-input",
                            kspan,
                            "compute shaders have no user-defined inputs",
                        );
                    }
                    if k == StorageKw::Out && stage == Some(Stage::Compute) {
                        self.error(
                            "compute-output",
                            kspan,
                            "compute shaders have no user-defined outputs",
                        );
                    }
                }
                StorageKw::Buffer => {
                    self.error(
                        "buffer-variable",
                        kspan,
                        "`buffer` variables must be declared inside a buffer block",
                    );
                }
                StorageKw::Shared => {
                    self.require(
                        kspan,
                        "`shared` variables",
                        430,
                        310,
                        &[Ext::ARB_compute_shader],
                    );
                    if !matches!(
                        stage,
                        None | Some(Stage::Compute | Stage::Mesh | Stage::Task)
                    ) {
                        self.error(
                            "shared-stage",
                            kspan,
                            "`shared` variables exist only in compute shaders",
                        );
                    }
                }
                _ => {}
            }
        }
        // Interpolation and auxiliary qualifiers need an input or output.
        let io = matches!(storage, Storage::In | Storage::Out);
        if (q.quals.interp.is_some() || q.quals.centroid || q.quals.sample) && !io {
            let span = q.span;
            self.error(
                "interpolation-qualifier",
                span,
                "interpolation and `centroid`/`sample` qualifiers apply only to inputs and outputs",
            );
        }
        if q.quals.patch && !io {
            self.error(
                "patch-qualifier",
                q.span,
                "`patch` applies only to inputs and outputs",
            );
        }
        if q.quals.patch && io {
            // "Applying the patch qualifier to inputs can only be done in tessellation
            // evaluation shaders" (and to outputs only in tessellation control shaders).
            let ok = match stage {
                Some(Stage::TessControl) => storage == Storage::Out,
                Some(Stage::TessEval) => storage == Storage::In,
                None => true,
                _ => false,
            };
            if !ok {
                self.error(
                    "patch-qualifier",
                    q.span,
                    "`patch` applies to tessellation control outputs and evaluation inputs",
                );
            }
            // "patch is not used for interpolation; it is a compile-time error to use
            // interpolation qualifiers with patch."
            if q.quals.interp.is_some() {
                self.error(
                    "interpolation-qualifier",
                    q.span,
                    "interpolation qualifiers cannot be used with `patch`",
                );
            }
        }
        if storage == Storage::In && stage == Some(Stage::Vertex) {
            if q.quals.interp.is_some() || q.quals.centroid || q.quals.sample {
                self.error(
                    "interpolation-qualifier",
                    q.span,
                    "vertex shader inputs cannot have interpolation or auxiliary qualifiers",
                );
            }
            let inner = self.m.types.innermost(ty);
            if matches!(
                self.m.types.get(inner),
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
            ) {
                self.error("bool-input", span, "vertex shader inputs cannot be boolean");
            }
            if matches!(self.m.types.get(inner), Type::Struct(_)) {
                self.error(
                    "struct-input",
                    span,
                    "vertex shader inputs cannot be structs",
                );
            }
        }
        if storage == Storage::Out && stage == Some(Stage::Fragment) {
            if q.quals.interp.is_some() || q.quals.centroid || q.quals.sample {
                self.error(
                    "interpolation-qualifier",
                    q.span,
                    "fragment shader outputs cannot have interpolation or auxiliary qualifiers",
                );
            }
            let inner = self.m.types.innermost(ty);
            match self.m.types.get(inner) {
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => self.error(
                    "bool-output",
                    span,
                    "fragment shader outputs cannot be boolean",
                ),
                Type::Matrix { .. } => self.error(
                    "matrix-output",
                    span,
                    "fragment shader outputs cannot be matrices",
                ),
                Type::Struct(_) => self.error(
                    "struct-output",
                    span,
                    "fragment shader outputs cannot be structs",
                ),
                _ => {}
            }
        }
        if io {
            let inner = self.m.types.innermost(ty);
            if self.m.types.contains_opaque(inner) && !self.bindless() {
                self.error(
                    "opaque-io",
                    span,
                    "inputs and outputs cannot have opaque types",
                );
            }
            // Integer (and double) fragment inputs must be flat; so must vertex outputs in
            // GLSL ES 3.00 (3.10 moved the rule to the fragment side only).
            let is_int =
                matches!(self.m.types.scalar_of(inner), Some(s) if s.is_int() || s == Scalar::F64);
            let needs_flat = (storage == Storage::In && stage == Some(Stage::Fragment))
                || (storage == Storage::Out
                    && stage == Some(Stage::Vertex)
                    && self.is_es()
                    && !self.at_least(0, 310));
            if is_int && needs_flat && q.quals.interp != Some(Interp::Flat) {
                self.error(
                    "flat-required",
                    span,
                    if storage == Storage::In {
                        "integer fragment shader inputs must be qualified `flat`"
                    } else {
                        "integer vertex shader outputs must be qualified `flat` in GLSL ES"
                    },
                );
            }
            // ARB_bindless_texture: fragment inputs "of any sampler or image type must be
            // qualified with the interpolation qualifier flat".
            if self.m.types.contains_opaque(inner)
                && self.bindless()
                && storage == Storage::In
                && stage == Some(Stage::Fragment)
                && q.quals.interp != Some(Interp::Flat)
            {
                self.error(
                    "flat-required",
                    span,
                    "sampler and image fragment shader inputs must be qualified `flat`",
                );
            }
        }
        if q.quals.invariant && !self.builtin_mode {
            let ok = self.invariant_allowed(storage);
            if !ok {
                self.error(
                    "invariant-qualifier",
                    q.span,
                    "`invariant` applies only to outputs",
                );
            }
        }
        if storage == Storage::Uniform {
            let inner = self.m.types.innermost(ty);
            if matches!(self.m.types.get(inner), Type::Void) {
                self.error("void-variable", span, "a variable cannot have type `void`");
            }
        }
        if q.quals.memory != Memory::default() && !io {
            let inner = self.m.types.innermost(ty);
            // Images, and buffer references (GL_EXT_buffer_reference), take memory qualifiers.
            let image = match self.m.types.get(inner) {
                Type::Opaque(o) => o.kind == crate::builtin_types::OpaqueKind::Image,
                Type::Struct(sid) => self.m.types.struct_def(*sid).kind == StructKind::Block,
                Type::Ext(crate::types::ExtType::Tensor { .. }) => true,
                _ => false,
            };
            if !image && !matches!(storage, Storage::Buffer | Storage::Param(_)) {
                self.error(
                    "memory-qualifier",
                    q.span,
                    "memory qualifiers apply only to images and buffer variables",
                );
            }
        }
    }

    /// Declares one variable.
    fn declare_var(
        &mut self,
        q: &Quals,
        storage: Storage,
        ty: TypeId,
        d: &ast::Declarator,
        global: bool,
    ) -> Option<VarId> {
        if matches!(self.m.types.get(ty), Type::Void) {
            self.error(
                "void-variable",
                d.name_span,
                "a variable cannot have type `void`",
            );
            return None;
        }
        if !global && !self.builtin_mode && !self.bindless() {
            // Locals may not have opaque types except as function parameters (Vulkan allows
            // local sampler copies via constructors: still not as variables).
            if self.m.types.contains_opaque(ty)
                && !matches!(
                    self.m.types.get(self.m.types.innermost(ty)),
                    Type::RayQuery | Type::HitObjectNV | Type::HitObjectEXT
                )
            {
                self.error(
                    "opaque-local",
                    d.name_span,
                    format!(
                        "local variables cannot have the opaque type `{}`",
                        self.ty_name(ty)
                    ),
                );
            }
        }
        if global && !self.builtin_mode && !self.bindless() {
            let inner = self.m.types.innermost(ty);
            let opaque = self.m.types.contains_opaque(inner);
            if opaque
                && !matches!(storage, Storage::Uniform | Storage::Ext(_))
                && !matches!(
                    self.m.types.get(inner),
                    Type::RayQuery | Type::HitObjectNV | Type::HitObjectEXT
                )
            {
                self.error(
                    "opaque-storage",
                    d.name_span,
                    format!(
                        "variables of opaque type `{}` must be `uniform`",
                        self.ty_name(ty)
                    ),
                );
            }
        }
        // A built-in being redeclared (gl_FragCoord with a layout, gl_ClipDistance sized,
        // invariant gl_Position, ...).
        if global && !self.builtin_mode {
            if let Some(Binding::Var(prev)) = self.lookup_local(d.name) {
                if self.m.var(prev).builtin {
                    return self.redeclare_builtin(prev, q, storage, ty, d);
                }
            }
        }
        // An unsized array may be redeclared with a size, given directly or by an
        // initializer (GLSL 1.10: "float a[]; float a[4];"); repeating it unsized is allowed.
        if let Some(Binding::Var(prev)) = self.lookup_local(d.name) {
            let pt = self.m.var(prev).ty;
            if let (
                Type::Array {
                    elem: pe,
                    size: ArraySize::Unsized,
                },
                Type::Array { elem: ne, size },
            ) = (self.m.types.get(pt).clone(), self.m.types.get(ty).clone())
            {
                if pe == ne && !self.is_es() && self.m.var(prev).storage == storage {
                    let mut new_ty = ty;
                    if let Some(init) = &d.init {
                        let e = self.initializer(init, ty);
                        new_ty = self.ety(e);
                        self.m.vars[prev.index()].init = Some(e);
                    }
                    if size != ArraySize::Unsized || d.init.is_some() {
                        self.check_size_against_uses(prev, new_ty, d.name_span);
                        self.m.vars[prev.index()].ty = new_ty;
                    }
                    return Some(prev);
                }
            }
        }
        self.check_user_name(d.name, d.name_span);
        if global {
            self.check_not_block_name(d.name, d.name_span);
        }
        let ty = if global {
            self.size_io_array(storage, ty, q.quals.patch)
        } else {
            ty
        };
        let precision = q.quals.precision;
        self.check_precision_available(ty, precision, d.name_span);
        let mut var_ty = ty;
        let init = match &d.init {
            Some(init) => {
                let null_init =
                    matches!(init, ast::Initializer::List(items, _) if items.is_empty());
                let shared_null = storage == Storage::Shared && null_init;
                if matches!(storage, Storage::In | Storage::Out | Storage::Shared)
                    && !self.builtin_mode
                    && !shared_null
                {
                    self.error(
                        "io-initializer",
                        d.name_span,
                        "inputs, outputs and shared variables cannot have initializers",
                    );
                }
                if storage == Storage::Uniform && !self.builtin_mode {
                    self.require(d.name_span, "uniform initializers", 120, 0, &[]);
                }
                if matches!(self.m.types.get(self.m.types.innermost(ty)), Type::RayQuery)
                    && !self.builtin_mode
                {
                    self.error(
                        "rayquery-initializer",
                        d.name_span,
                        "ray queries are initialized only by `rayQueryInitializeEXT`",
                    );
                }
                let saw_spec = std::mem::replace(&mut self.saw_spec_constant, false);
                let e = self.initializer(init, ty);
                let init_spec = std::mem::replace(&mut self.saw_spec_constant, saw_spec);
                if storage == Storage::Uniform && init_spec && !self.builtin_mode {
                    let s = self.espan(e);
                    self.error(
                        "uniform-initializer",
                        s,
                        "a uniform initializer must be a constant expression, not one computed from specialization constants",
                    );
                }
                // An unsized array takes its sizes from the initializer.
                if self.has_unsized_dim(ty) && !self.m.types.is_error(self.ety(e)) {
                    var_ty = self.ety(e);
                }
                Some(e)
            }
            None => {
                let per_view = self.stage == Some(Stage::Mesh)
                    && storage == Storage::Out
                    && q.quals.ext.iter().any(|e| self.name(*e) == "perviewNV");
                self.check_inner_sizes(ty, per_view, d.name_span);
                if storage == Storage::Const && !self.builtin_mode {
                    self.error(
                        "const-uninitialized",
                        d.name_span,
                        format!("constant `{}` must be initialized", self.name(d.name)),
                    );
                }
                None
            }
        };
        let mut constant = None;
        if let Some(e) = init {
            let is_const = self.const_value(e);
            if storage == Storage::Const {
                match is_const {
                    Some(c) => constant = Some(c),
                    None => {
                        // GLSL 4.20 (and GL_ARB_shading_language_420pack) allows const
                        // locals initialized with non-constant expressions (they are not
                        // constant expressions themselves); glslang allows it when compiling
                        // for Vulkan in any version.
                        let relaxed = self.at_least(420, 0)
                            || self.ext_on(Ext::ARB_shading_language_420pack)
                            || self.vulkan();
                        let opaque_ext = self
                            .m
                            .types
                            .any_part(ty, &|t| matches!(t, Type::ExtOpaque(_)));
                        if (!relaxed || global) && !self.builtin_mode && !opaque_ext {
                            let span = self.espan(e);
                            self.error(
                                "const-initializer",
                                span,
                                format!(
                                    "the initializer of constant `{}` is not a constant expression",
                                    self.name(d.name)
                                ),
                            );
                        }
                    }
                }
                // A specialization constant of an OCP microscaling type (kept opaque, its
                // constructors not folded: `floate2m1_t(1.5)`) takes the constant its
                // constructor converts, or is reported: its default must be known, or
                // code would read something else.
                if constant.is_none()
                    && !self.builtin_mode
                    && self.ocp_shape(var_ty).is_some_and(|(_, n)| n == 1)
                    && self
                        .interner
                        .get("constant_id")
                        .is_some_and(|s| q.quals.layout_value(s).is_some())
                {
                    let arg = match &self.m.expr(e).kind {
                        ExprKind::Construct(_, args) if args.len() == 1 => Some(args[0]),
                        ExprKind::Convert(a) => Some(*a),
                        _ => None,
                    };
                    // (Not from another specialization constant: its default would be
                    // taken for good.)
                    let value = arg
                        .filter(|&a| !self.m.is_spec_expr(a))
                        .and_then(|a| self.const_value(a))
                        .filter(|c| !c.is_composite())
                        .and_then(|c| c.to_f64());
                    match value {
                        Some(v) => constant = Some(crate::constant::ConstValue::F32(v as f32)),
                        None => {
                            let span = self.espan(e);
                            self.error(
                                "const-initializer",
                                span,
                                format!(
                                    "the initializer of specialization constant `{}` is not a constant expression",
                                    self.name(d.name)
                                ),
                            );
                        }
                    }
                }
            } else if global && is_const.is_none() && !self.builtin_mode {
                // GLSL ES requires global initializers to be constant expressions.
                if self.is_es() && !self.ext_on(Ext::EXT_shader_non_constant_global_initializers) {
                    let span = self.espan(e);
                    self.error(
                        "global-initializer",
                        span,
                        "in GLSL ES, global initializers must be constant expressions",
                    );
                }
            }
        }
        if let Type::Array {
            size: ArraySize::Unsized,
            ..
        } = *self.m.types.get(var_ty)
        {
            // Unsized arrays may be declared and sized later by use (desktop); in ES, only
            // with an initializer or in specific built-in contexts.
            if self.is_es()
                && !self.builtin_mode
                && storage != Storage::Buffer
                && !matches!(storage, Storage::In)
            {
                self.error(
                    "unsized-array",
                    d.name_span,
                    format!("array `{}` must have a size in GLSL ES", self.name(d.name)),
                );
            }
        }
        let var = Var {
            name: d.name,
            ty: var_ty,
            storage,
            quals: q.quals.clone(),
            span: if self.builtin_mode {
                Span::default()
            } else {
                d.name_span
            },
            init,
            constant,
            builtin: self.builtin_mode,
            block_member: None,
        };
        let id = self.add_var(var);
        self.record_spec_dims(id);
        self.reject_spec_array_init(id);
        // (performance: a lookup only for a constant with a layout, no interning)
        if storage == Storage::Const
            && !q.quals.layout.is_empty()
            && self
                .interner
                .get("constant_id")
                .is_some_and(|s| q.quals.layout_value(s).is_some())
        {
            self.spec_constants.insert(id);
        }
        let name_span = d.name_span;
        self.bind(d.name, Binding::Var(id), name_span);
        if global {
            self.m.globals.push(id);
            if !self.builtin_mode {
                self.validate_var_layout(id, q);
                self.validate_var_interface(id, q);
            }
        }
        Some(id)
    }

    /// An initializer for a value of type `ty`: an expression, or (GLSL 4.20) a brace list
    /// whose shape follows the type.
    pub(crate) fn initializer(&mut self, init: &ast::Initializer, ty: TypeId) -> ExprId {
        match init {
            ast::Initializer::Expr(e) => {
                let x = self.expr(*e);
                if self.reject_unsized_copy(x, "used as an initializer") {
                    return self.error_expr(self.espan(x));
                }
                self.coerce(x, ty, "the initializer has the wrong type")
            }
            ast::Initializer::List(items, span) if items.is_empty() => {
                // `= {}`: the null initializer (GL_EXT_null_initializer) zeroes any type.
                let span = *span;
                if !self.require(
                    span,
                    "the null initializer `{}`",
                    0,
                    0,
                    &[Ext::EXT_null_initializer],
                ) {
                    return self.error_expr(span);
                }
                self.add_expr(ExprKind::Construct(ty, Vec::new()), ty, span)
            }
            ast::Initializer::List(items, span) => {
                let span = *span;
                let elem_types: Vec<TypeId> = match self.m.types.get(ty).clone() {
                    Type::Array { elem, size } => {
                        let n = match size {
                            ArraySize::Fixed(n) => n as usize,
                            ArraySize::Unsized => items.len(),
                        };
                        if n != items.len() {
                            self.error(
                                "initializer-list",
                                span,
                                format!(
                                    "`{}` needs {n} initializers, {} given",
                                    self.ty_name(ty),
                                    items.len()
                                ),
                            );
                            return self.error_expr(span);
                        }
                        vec![elem; n]
                    }
                    Type::Struct(sid) => self
                        .m
                        .types
                        .struct_def(sid)
                        .members
                        .iter()
                        .map(|m| m.ty)
                        .collect(),
                    Type::Vector(s, n) => vec![self.m.types.scalar(s); n as usize],
                    Type::Matrix { scalar, cols, rows } => {
                        let col = self.m.types.vector(scalar, rows);
                        vec![col; cols as usize]
                    }
                    Type::Error => return self.error_expr(span),
                    _ => {
                        self.error(
                            "initializer-list",
                            span,
                            format!(
                                "`{}` cannot be initialized with a brace list",
                                self.ty_name(ty)
                            ),
                        );
                        return self.error_expr(span);
                    }
                };
                if elem_types.len() != items.len() {
                    self.error(
                        "initializer-list",
                        span,
                        format!(
                            "`{}` needs {} initializers, {} given",
                            self.ty_name(ty),
                            elem_types.len(),
                            items.len()
                        ),
                    );
                    return self.error_expr(span);
                }
                let mut args: Vec<ExprId> = Vec::with_capacity(items.len());
                for (i, t) in items.iter().zip(elem_types) {
                    if let ast::Initializer::List(inner, ispan) = i {
                        if inner.is_empty() {
                            // `{}` zero-initializes a whole variable, not an element.
                            self.error(
                                "initializer-list",
                                *ispan,
                                "a nested initializer list cannot be empty",
                            );
                            return self.error_expr(span);
                        }
                    }
                    args.push(self.initializer(i, t));
                }
                let final_ty = match self.m.types.get(ty).clone() {
                    Type::Array {
                        elem,
                        size: ArraySize::Unsized,
                    } => self
                        .m
                        .types
                        .array(elem, ArraySize::Fixed(args.len() as u32)),
                    _ => ty,
                };
                let consts: Option<Vec<crate::constant::ConstValue>> =
                    args.iter().map(|a| self.const_value(*a)).collect();
                match consts {
                    Some(cs) => self.add_expr(
                        ExprKind::Const(crate::constant::ConstValue::Composite(cs)),
                        final_ty,
                        span,
                    ),
                    None => self.add_expr(ExprKind::Construct(final_ty, args), final_ty, span),
                }
            }
        }
    }

    /// "It is a compile-time error to use a block name at global scope for anything other
    /// than as a block name": reports a global name that is already a block's name.
    fn check_not_block_name(&mut self, name: Symbol, span: Span) {
        if self.builtin_mode || !self.at_global_scope() {
            return;
        }
        let block = self
            .block_names
            .iter()
            .find(|((n, _), _)| *n == name)
            .map(|(_, s)| *s);
        if let Some(prev) = block {
            self.diags.push(
                Diagnostic::error(
                    "block-name-clash",
                    span,
                    format!("`{}` is the name of an interface block; a block name cannot be used for anything else at global scope", self.name(name)),
                )
                .with_secondary(prev, "the block"),
            );
        }
    }

    /// A size given to an array that was used without one must cover the indices used.
    fn check_size_against_uses(&mut self, v: VarId, ty: TypeId, span: Span) {
        let (
            Some(&used),
            Type::Array {
                size: ArraySize::Fixed(n),
                ..
            },
        ) = (self.implicit_sizes.get(&v), self.m.types.get(ty))
        else {
            return;
        };
        if *n < used {
            let name = self.name(self.m.var(v).name).to_string();
            self.error(
                "array-size-too-small",
                span,
                format!(
                    "`{name}` is declared with size {n}, but index {} was used before",
                    used - 1
                ),
            );
        }
    }

    /// A redeclaration of a built-in variable: allowed for some names, with restrictions.
    fn redeclare_builtin(
        &mut self,
        prev: VarId,
        q: &Quals,
        storage: Storage,
        ty: TypeId,
        d: &ast::Declarator,
    ) -> Option<VarId> {
        let name = self.name(d.name).to_string();
        if !self.validate_builtin_redeclaration(prev, q, d.name_span) {
            return None;
        }
        let (prev_storage, prev_ty) = (self.m.var(prev).storage, self.m.var(prev).ty);
        if storage != prev_storage {
            self.error(
                "redeclare-builtin",
                d.name_span,
                format!(
                    "`{name}` must be redeclared with its own storage ({}), found {}",
                    storage_text(prev_storage),
                    storage_text(storage)
                ),
            );
            return None;
        }
        if !self.m.types.is_error(ty) {
            let same_elem = match (self.m.types.get(prev_ty), self.m.types.get(ty)) {
                (Type::Array { elem: a, .. }, Type::Array { elem: b, .. }) => a == b,
                (Type::Array { .. }, _) | (_, Type::Array { .. }) => false,
                _ => prev_ty == ty,
            };
            let resize_ok = match (self.m.types.get(prev_ty), self.m.types.get(ty)) {
                (
                    Type::Array {
                        size: ArraySize::Unsized,
                        ..
                    },
                    _,
                ) => true,
                (Type::Array { size: a, .. }, Type::Array { size: b, .. }) => a == b,
                _ => true,
            };
            if !same_elem || !resize_ok {
                self.error(
                    "redeclare-builtin",
                    d.name_span,
                    format!(
                        "`{name}` must be redeclared with its type `{}`, found `{}`",
                        self.ty_name(prev_ty),
                        self.ty_name(ty)
                    ),
                );
                return None;
            }
            // Sizes are bounded by the implementation's limits.
            let limit = match name.as_str() {
                "gl_TexCoord" => Some("gl_MaxTextureCoords"),
                "gl_ClipDistance" => Some("gl_MaxClipDistances"),
                "gl_CullDistance" => Some("gl_MaxCullDistances"),
                _ => None,
            };
            if let (
                Some(limit),
                Type::Array {
                    size: ArraySize::Fixed(n),
                    ..
                },
            ) = (limit, self.m.types.get(ty))
            {
                let n = *n;
                let sym = self.interner.intern(limit);
                let max = match self.lookup(sym) {
                    Some(Binding::Var(lv)) => {
                        self.m.var(lv).constant.as_ref().and_then(|c| c.to_i64())
                    }
                    Some(_) => None,
                    // Not named by the shader, so not declared (builtin_vars.rs).
                    None => match self.undeclared_builtin_int(limit) {
                        Some(&[x]) => Some(x),
                        _ => None,
                    },
                };
                if let Some(max) = max {
                    if n as i64 > max {
                        self.error(
                            "builtin-array-size",
                            d.name_span,
                            format!(
                                "`{name}` can have at most {limit} ({max}) elements, found {n}"
                            ),
                        );
                    }
                }
            }
            self.check_size_against_uses(prev, ty, d.name_span);
        }
        let layout_or_aux = !q.quals.layout.is_empty() || q.quals.invariant;
        let first = self.redeclared_builtins.insert(prev);
        if first
            && self.used_vars.contains(prev)
            && (matches!(name.as_str(), "gl_FragCoord" | "gl_FragDepth") || layout_or_aux)
        {
            self.error(
                "redeclare-after-use",
                d.name_span,
                format!("`{name}` must be redeclared before any use"),
            );
        }
        self.validate_builtin_redeclaration_layout(prev, q, d.name_span);
        // A built-in constant given a value (`const bool gl_EnableOpacityMicromapEXT = true;`),
        // or made a specialization constant with the bare `layout(constant_id = N) name;`.
        let constant_id = self.interner.intern("constant_id");
        if storage == Storage::Const && q.quals.layout_value(constant_id).is_some() {
            self.error(
                "redeclare-builtin",
                d.name_span,
                format!("a built-in constant is made a specialization constant with `layout(constant_id = N) {name};`, without a type or value"),
            );
            return None;
        }
        if let Some(init) = &d.init {
            let e = self.initializer(init, ty);
            let value = self.const_value(e);
            if storage == Storage::Const && value.is_none() {
                let s = self.espan(e);
                self.error(
                    "const-initializer",
                    s,
                    format!("the initializer of constant `{name}` is not a constant expression"),
                );
            }
            let v = &mut self.m.vars[prev.index()];
            v.init = Some(e);
            v.constant = value;
        }
        // Take the new type (a sized gl_ClipDistance, ...) and qualifiers.
        let v = &mut self.m.vars[prev.index()];
        if !matches!(self.m.types.get(ty), Type::Error) {
            v.ty = ty;
        }
        v.quals.layout.extend(q.quals.layout.iter().cloned());
        if q.quals.invariant {
            v.quals.invariant = true;
        }
        if q.quals.interp.is_some() {
            v.quals.interp = q.quals.interp;
        }
        Some(prev)
    }

    /// `invariant gl_Position;`, `precise x;`, `layout(buffer_reference) buffer Node;`.
    fn qualified_names(
        &mut self,
        qualifiers: &ast::Qualifiers,
        names: &[(Symbol, Span)],
        span: Span,
        global: bool,
    ) {
        let q = self.qualifiers(
            qualifiers,
            if global {
                QualCtx::Global
            } else {
                QualCtx::Local
            },
        );
        // A buffer-reference forward declaration.
        let buffer_ref = self.interner.intern("buffer_reference");
        if q.quals.layout_value(buffer_ref).is_some() {
            for (n, s) in names {
                if self.lookup(*n).is_none() {
                    let def = StructDef {
                        name: Some(*n),
                        kind: StructKind::Block,
                        members: Vec::new(),
                        span: *s,
                        block_layout: None,
                    };
                    let t = self.m.types.add_struct(def);
                    self.bind(*n, Binding::Type(t, *s), *s);
                }
            }
            return;
        }
        // `layout(constant_id = N) gl_MaxImageUnits;`: a built-in constant made a
        // specialization constant (Vulkan).
        let constant_id = self.interner.intern("constant_id");
        if q.storage.is_none()
            && !q.quals.layout.is_empty()
            && q.quals.layout.iter().all(|e| e.name == constant_id)
        {
            for (n, s) in names {
                match self.lookup(*n) {
                    Some(Binding::Var(v))
                        if self.m.var(v).builtin && self.m.var(v).storage == Storage::Const =>
                    {
                        self.spec_constants.insert(v);
                        // Keep the id on the variable for code generation (helper E).
                        let ids = q.quals.layout.iter().filter(|e| e.name == constant_id);
                        let entries: Vec<_> = ids.cloned().collect();
                        self.m.vars[v.index()].quals.layout.extend(entries);
                    }
                    _ => self.error(
                        "constant-id",
                        *s,
                        format!(
                            "`{}` is not a built-in constant; only those can be made specialization constants this way",
                            self.name(*n)
                        ),
                    ),
                }
            }
            return;
        }
        let only_invariant_or_precise = q.storage.is_none()
            && q.quals.interp.is_none()
            && q.quals.precision.is_none()
            && q.quals.layout.is_empty()
            && (q.quals.invariant || q.quals.precise || q.quals.memory != Memory::default());
        if !only_invariant_or_precise && !self.builtin_mode {
            self.error(
                "qualifier-redeclaration",
                span,
                "only `invariant`, `precise` and memory qualifiers can be applied to variables declared elsewhere",
            );
            return;
        }
        if q.quals.invariant && !global && !self.builtin_mode {
            self.error(
                "invariant-scope",
                span,
                "`invariant` redeclarations must be at global scope",
            );
        }
        for (n, s) in names {
            match self.lookup(*n) {
                Some(Binding::Var(v)) => {
                    if q.quals.invariant {
                        let var = self.m.var(v);
                        if !self.invariant_allowed(var.storage) && !var.builtin {
                            self.error(
                                "invariant-qualifier",
                                *s,
                                format!(
                                    "`{}` is not an output; only outputs can be invariant",
                                    self.name(*n)
                                ),
                            );
                        }
                        if self.used_vars.contains(v) {
                            self.error(
                                "invariant-after-use",
                                *s,
                                format!(
                                    "`{}` must be declared invariant before any use",
                                    self.name(*n)
                                ),
                            );
                        }
                        self.m.vars[v.index()].quals.invariant = true;
                    }
                    if q.quals.precise {
                        if self.lookup_local(*n).is_none() && !self.m.var(v).builtin {
                            self.error(
                                "precise-redeclaration",
                                *s,
                                format!(
                                    "`precise {}` must be in the scope that declares `{0}`",
                                    self.name(*n)
                                ),
                            );
                        }
                        self.m.vars[v.index()].quals.precise = true;
                    }
                }
                _ => self.error(
                    "undeclared",
                    *s,
                    format!("`{}` is not declared", self.name(*n)),
                ),
            }
        }
    }

    /// `layout(std140) uniform;`, `layout(triangles) in;`, `layout(local_size_x = 8) in;`.
    fn qualifier_only(&mut self, qualifiers: &ast::Qualifiers, span: Span, global: bool) {
        if !global {
            self.error(
                "local-qualifier-declaration",
                span,
                "this declaration must be at global scope",
            );
            return;
        }
        let q = self.qualifiers(qualifiers, QualCtx::Global);
        if q.quals.layout.is_empty() && !self.builtin_mode {
            if q.quals.invariant || q.quals.precise {
                self.error(
                    "qualifier-declaration",
                    span,
                    "`invariant` needs the names of variables",
                );
            } else {
                self.error(
                    "qualifier-declaration",
                    span,
                    "a declaration needs a type or a layout qualifier",
                );
            }
            return;
        }
        // `layout(primitive_culling);` (GL_EXT_ray_flags_primitive_culling) stands alone.
        let culling = self.interner.intern("primitive_culling");
        let standalone = q.quals.layout.iter().all(|e| e.name == culling);
        if standalone && q.storage.is_none() {
            self.require(
                span,
                "`layout(primitive_culling)`",
                0,
                0,
                &[Ext::EXT_ray_flags_primitive_culling],
            );
            return;
        }
        if q.storage.is_none() && !self.builtin_mode {
            self.error(
                "qualifier-declaration",
                span,
                "a layout declaration needs `in`, `out`, `uniform` or `buffer`",
            );
        }
        let storage = q.storage.map(|(k, _)| k);
        for e in &q.quals.layout {
            let name = self.name(e.name).to_string();
            let prim = match name.as_str() {
                "points" => Some(1),
                "lines" => Some(2),
                "lines_adjacency" => Some(4),
                "triangles" => Some(3),
                "triangles_adjacency" => Some(6),
                _ => None,
            };
            if self.stage == Some(Stage::Geometry) && storage == Some(StorageKw::In) {
                if let Some(n) = prim {
                    self.geom_in_size = Some(n);
                    self.resize_io_arrays(Storage::In, n, e.span);
                }
            }
            if self.stage == Some(Stage::TessControl)
                && storage == Some(StorageKw::Out)
                && name == "vertices"
            {
                if let Some(n) = e.value.filter(|v| *v > 0) {
                    self.tcs_out_size = Some(n as u32);
                    self.resize_io_arrays(Storage::Out, n as u32, e.span);
                }
            }
        }
        if !self.builtin_mode {
            self.validate_stage_layout(storage, &q.quals.layout, span);
        }
        self.m.stage_layout.extend(q.quals.layout);
    }

    /// The implicit size of per-vertex input/output arrays in geometry and tessellation
    /// shaders.
    fn implicit_io_size(&self, storage: Storage, patch: bool) -> Option<u32> {
        if patch {
            return None;
        }
        match (self.stage, storage) {
            // GL_ARB/EXT_geometry_shader4 before GLSL 1.50: no input primitive layout; an
            // unsized `varying in` array takes the size `gl_VerticesIn`, the built-in constant
            // (6 here: `variables.glsl` explains the choice).
            (Some(Stage::Geometry), Storage::In) => self.geom_in_size.or_else(|| {
                (!self.is_es()
                    && !self.at_least(150, 0)
                    && self.any_ext(&[Ext::ARB_geometry_shader4, Ext::EXT_geometry_shader4]))
                .then_some(GEOMETRY_SHADER4_VERTICES_IN)
            }),
            (Some(Stage::TessControl), Storage::Out) => self.tcs_out_size,
            // gl_MaxPatchVertices.
            (Some(Stage::TessControl | Stage::TessEval), Storage::In) => Some(32),
            _ => None,
        }
    }

    /// Gives an unsized per-vertex array its implicit size, or checks an explicit one.
    pub(crate) fn size_io_array(&mut self, storage: Storage, ty: TypeId, patch: bool) -> TypeId {
        let Some(n) = self.implicit_io_size(storage, patch) else {
            return ty;
        };
        match self.m.types.get(ty).clone() {
            Type::Array {
                elem,
                size: ArraySize::Unsized,
            } => self.m.types.array(elem, ArraySize::Fixed(n)),
            _ => ty,
        }
    }

    /// Sizes (or checks) every unsized per-vertex array already declared with this storage.
    fn resize_io_arrays(&mut self, storage: Storage, n: u32, span: Span) {
        let globals = self.m.globals.clone();
        for g in globals {
            let v = self.m.var(g);
            if v.storage != storage || v.quals.patch {
                continue;
            }
            match self.m.types.get(v.ty).clone() {
                Type::Array {
                    elem,
                    size: ArraySize::Unsized,
                } => {
                    let t = self.m.types.array(elem, ArraySize::Fixed(n));
                    self.m.vars[g.index()].ty = t;
                }
                Type::Array {
                    size: ArraySize::Fixed(k),
                    ..
                } if k != n && !v.builtin && self.stage == Some(Stage::Geometry) => {
                    let name = self.name(v.name).to_string();
                    self.error(
                        "input-array-size",
                        span,
                        format!("the input primitive gives {n} vertices, but `{name}` has {k}"),
                    );
                }
                _ => {}
            }
        }
    }

    /// `precision highp float;`
    fn precision_statement(&mut self, p: Precision, p_span: Span, ts: &ast::TypeSpec, span: Span) {
        let _ = p_span;
        self.require(span, "precision statements", 130, 100, &[]);
        let ty = self.resolve_type(ts);
        let key = match self.m.types.get(ty) {
            Type::Scalar(Scalar::F32) => Some(DefaultPrecisionKey::Float),
            Type::Scalar(Scalar::I32) => Some(DefaultPrecisionKey::Int),
            Type::Scalar(Scalar::U32) if !self.is_es() => Some(DefaultPrecisionKey::Int),
            // (`sampler`/`samplerShadow`, Vulkan's separate samplers, are opaque too.)
            Type::Opaque(_) | Type::AtomicUint | Type::SamplerState { .. } => {
                self.m.types.to_btype(ty).map(DefaultPrecisionKey::Opaque)
            }
            Type::Error => return,
            _ => None,
        };
        let Some(key) = key else {
            self.error(
                "precision-type",
                ts.span,
                format!(
                    "a default precision can be set only for int, float and opaque types, not `{}`",
                    self.ty_name(ty)
                ),
            );
            return;
        };
        // GLSL ES: the default precision of atomic types is `highp` and cannot be set to
        // `lowp` or `mediump`.
        if self.is_es() && p != Precision::High && matches!(self.m.types.get(ty), Type::AtomicUint)
        {
            self.error(
                "precision-type",
                span,
                "the default precision of `atomic_uint` can only be `highp` in GLSL ES",
            );
            return;
        }
        self.set_default_precision(key, p);
    }

    // ---- interface blocks ----

    fn block(&mut self, b: &ast::Block, span: Span) {
        let q = self.qualifiers(&b.qualifiers, QualCtx::Block);
        let Some((kw, kspan)) = q.storage else {
            self.error(
                "block-storage",
                b.name_span,
                "an interface block needs `uniform`, `buffer`, `in` or `out`",
            );
            return;
        };
        let storage = match kw {
            StorageKw::Uniform => {
                self.require(
                    kspan,
                    "uniform blocks",
                    140,
                    300,
                    &[Ext::ARB_uniform_buffer_object],
                );
                Storage::Uniform
            }
            StorageKw::Buffer => {
                self.require(
                    kspan,
                    "buffer blocks",
                    430,
                    310,
                    &[Ext::ARB_shader_storage_buffer_object],
                );
                Storage::Buffer
            }
            StorageKw::In | StorageKw::Out => {
                if !self.builtin_mode {
                    // The geometry and tessellation extensions enable these too
                    // (`extensions::IMPLIED`).
                    self.require(
                        kspan,
                        "input and output blocks",
                        150,
                        320,
                        &[Ext::EXT_shader_io_blocks, Ext::OES_shader_io_blocks],
                    );
                }
                if kw == StorageKw::In && self.stage == Some(Stage::Vertex) && !self.builtin_mode {
                    self.error(
                        "block-stage",
                        kspan,
                        "vertex shader inputs cannot be blocks",
                    );
                }
                if kw == StorageKw::Out && self.stage == Some(Stage::Fragment) && !self.builtin_mode
                {
                    self.error(
                        "block-stage",
                        kspan,
                        "fragment shader outputs cannot be blocks",
                    );
                }
                if kw == StorageKw::In {
                    Storage::In
                } else {
                    Storage::Out
                }
            }
            StorageKw::Shared => {
                self.require(
                    kspan,
                    "shared blocks",
                    0,
                    0,
                    &[Ext::EXT_shared_memory_block],
                );
                Storage::Shared
            }
            StorageKw::Ext(s) => Storage::Ext(s),
            _ => {
                self.error(
                    "block-storage",
                    kspan,
                    "interface blocks can only be `uniform`, `buffer`, `in` or `out`",
                );
                return;
            }
        };
        // Block names have their own namespace per storage.
        let key = (b.name, storage_tag(storage));
        // Redeclaring a built-in block (gl_PerVertex) replaces the built-in one.
        let redeclares_builtin_block = self.name(b.name).starts_with("gl_") && !self.builtin_mode;
        if redeclares_builtin_block && !self.is_redeclarable_builtin_block(b.name) {
            self.error(
                "reserved-name",
                b.name_span,
                format!(
                    "block names starting with `gl_` are reserved (`{}`)",
                    self.name(b.name)
                ),
            );
        }
        let previously_forward = matches!(self.lookup(b.name), Some(Binding::Type(t, _)) if matches!(self.m.types.get(t), Type::Struct(s) if self.m.types.struct_def(*s).members.is_empty() && self.m.types.struct_def(*s).kind == StructKind::Block));
        if self.block_names.contains_key(&key)
            && !self.builtin_mode
            && !previously_forward
            && !redeclares_builtin_block
        {
            self.error(
                "redeclaration",
                b.name_span,
                format!("block `{}` is already declared", self.name(b.name)),
            );
        }
        if !self.builtin_mode && !redeclares_builtin_block && !previously_forward {
            if let Some(prev) = self.scopes.first().and_then(|sc| sc.lookup_here(b.name)) {
                let prev_span = match prev {
                    Binding::Var(v) => Some(self.m.var(v).span),
                    Binding::Type(_, s) => Some(s),
                    Binding::Func => None,
                };
                let mut d = Diagnostic::error(
                    "block-name-clash",
                    b.name_span,
                    format!(
                        "the block name `{}` is already used at global scope; a block name cannot be used for anything else",
                        self.name(b.name)
                    ),
                );
                if let Some(p) = prev_span {
                    d = d.with_secondary(p, "declared here");
                }
                self.diags.push(d);
            }
            if let Some(inst) = &b.instance {
                if inst.name == b.name {
                    self.error(
                        "block-name-clash",
                        inst.name_span,
                        format!(
                            "the instance name `{}` is the block's own name",
                            self.name(b.name)
                        ),
                    );
                } else {
                    // Nor another block's name ("a block name cannot be used for anything
                    // else at global scope").
                    self.check_not_block_name(inst.name, inst.name_span);
                }
            }
            if q.quals.invariant {
                self.error(
                    "invariant-qualifier",
                    b.name_span,
                    "interface blocks cannot be declared `invariant`",
                );
            }
        }
        self.check_name_length(b.name, b.name_span);
        self.block_names.insert(key, b.name_span);
        let ctx = QualCtx::BlockMember;
        let saved_block = self.block_storage.replace(kw);
        let members = self.members(&b.members, ctx);
        self.block_storage = saved_block;
        // "Identifiers starting with `gl_` are reserved": a user block's members too (an
        // unnamed block's are globals; Mesa rejects them in named blocks as well). A
        // redeclared built-in block keeps its built-in members.
        if !redeclares_builtin_block && !self.builtin_mode {
            for d in b.members.iter().flat_map(|m| m.declarators.iter()) {
                self.check_user_name(d.name, d.name_span);
            }
        }
        if members.is_empty() && !self.builtin_mode {
            self.error(
                "empty-block",
                b.name_span,
                "an interface block must have at least one member",
            );
        }
        for m in &members {
            let ext_storage = matches!(storage, Storage::Ext(_));
            if self.m.types.contains_opaque(m.ty)
                && !ext_storage
                && !self.builtin_mode
                && !self.bindless()
            {
                self.error(
                    "opaque-member",
                    m.span,
                    "block members cannot have opaque types",
                );
            }
        }
        // Runtime-sized arrays: only the last member of a buffer block. Heap blocks
        // (GL_EXT_structured_descriptor_heap: "Accessing parts of these heap blocks is
        // performed similarly to buffer block access") have no implicit sizes either.
        let heap_block = matches!(storage, Storage::Ext(s)
            if matches!(self.name(s), "resourceheap" | "samplerheap"));
        for (i, m) in members.iter().enumerate() {
            if let Type::Array {
                size: ArraySize::Unsized,
                ..
            } = *self.m.types.get(m.ty)
            {
                let last = i + 1 == members.len();
                // Desktop GLSL 4.30 sizes other unsized members of uniform and buffer blocks
                // implicitly, at link time ("vec4 a[]; // array will get implicitly sized").
                let implicit = self.at_least(430, 0);
                let checked = (matches!(storage, Storage::Uniform | Storage::Buffer) && !implicit)
                    || heap_block;
                let buffer_like = storage == Storage::Buffer || heap_block;
                if checked && (!buffer_like || !last) && !self.builtin_mode {
                    let allowed = storage == Storage::Uniform
                        && self.ext_on(Ext::EXT_uniform_buffer_unsized_array)
                        && last;
                    if !allowed {
                        self.error(
                            "unsized-member",
                            m.span,
                            if heap_block {
                                "only the last member of a heap block can be an unsized array"
                            } else {
                                "only the last member of a buffer block can be an unsized array"
                            },
                        );
                    }
                }
            }
        }
        let def = StructDef {
            name: Some(b.name),
            kind: StructKind::Block,
            members,
            span: b.name_span,
            block_layout: None,
        };
        // A buffer-reference block: its name is a type.
        // GL_EXT_descriptor_heap's `buffer_type` blocks are types too.
        // (performance: lookups, no interning, and none without a layout)
        let has_layout = |n: &str| {
            self.interner
                .get(n)
                .is_some_and(|s| q.quals.layout_value(s).is_some())
        };
        let is_ref = !q.quals.layout.is_empty()
            && (has_layout("buffer_reference") || has_layout("buffer_type"));
        let block_ty = if previously_forward {
            match self.lookup(b.name) {
                Some(Binding::Type(t, _)) => {
                    if let Type::Struct(sid) = *self.m.types.get(t) {
                        *self.m.types.struct_def_mut(sid) = def;
                    }
                    t
                }
                _ => self.m.types.add_struct(def),
            }
        } else {
            self.m.types.add_struct(def)
        };
        if is_ref {
            if !previously_forward {
                self.bind(b.name, Binding::Type(block_ty, b.name_span), b.name_span);
            }
            // With an instance name the declaration also makes a buffer variable of the
            // block (as glslang does); without one it declares only the reference type.
            if b.instance.is_none() {
                // (Issue 4, buffer-reference lowering) Record the packing and matrix order
                // of the block the reference points at (std430 unless declared), for the
                // lowering; no diagnostics here.
                if let Type::Struct(sid) = *self.m.types.get(block_ty) {
                    // A `buffer_type` block (GL_EXT_structured_descriptor_heap) is a
                    // descriptor when met in a heap block: a uniform one is std140 by
                    // default, as a uniform block would be.
                    let is_buffer_type = self
                        .interner
                        .get("buffer_type")
                        .is_some_and(|s| q.quals.layout_value(s).is_some());
                    let uniform = storage == Storage::Uniform;
                    let mut bl = crate::types::BlockLayout {
                        packing: Some(if is_buffer_type && uniform {
                            crate::memory_layout::Packing::Std140
                        } else {
                            crate::memory_layout::Packing::Std430
                        }),
                        row_major: false,
                        buffer_type: is_buffer_type.then_some(!uniform),
                        memory: if is_buffer_type {
                            q.quals.memory
                        } else {
                            Memory::default()
                        },
                    };
                    self.apply_packing_and_order(&mut bl, &q.quals.layout);
                    self.m.types.struct_def_mut(sid).block_layout = Some(bl);
                }
                return;
            }
        }
        let block_members: Vec<Member> = match self.m.types.get(block_ty) {
            Type::Struct(sid) => self.m.types.struct_def(*sid).members.clone(),
            _ => Vec::new(),
        };
        if !self.builtin_mode {
            let layout = self.validate_block_layout(storage, &q, &block_members, span);
            // Recorded for the back ends (uniform, buffer and push-constant blocks).
            if matches!(storage, Storage::Uniform | Storage::Buffer) {
                if let Type::Struct(sid) = *self.m.types.get(block_ty) {
                    self.m.types.struct_def_mut(sid).block_layout = Some(layout);
                }
            }
        }
        match &b.instance {
            Some(inst) => {
                let mut ty = block_ty;
                if let Some(a) = &inst.array {
                    ty = self.apply_array(ty, a);
                    // GLSL ES: "Arrays of arrays of blocks are not allowed, except for the
                    // cases in the tessellation and geometry stages where the declaration is
                    // a per-vertex-array of arrays of blocks."
                    if self.is_es() && !self.builtin_mode {
                        let mut dims = 0;
                        let mut t = ty;
                        while let Type::Array { elem, .. } = self.m.types.get(t) {
                            dims += 1;
                            t = *elem;
                        }
                        let per_vertex = !q.quals.patch
                            && matches!(
                                (self.stage, storage),
                                (
                                    Some(Stage::Geometry | Stage::TessControl | Stage::TessEval),
                                    Storage::In
                                ) | (Some(Stage::TessControl), Storage::Out)
                            );
                        if dims > 1 + usize::from(per_vertex) {
                            self.error(
                                "block-array-of-arrays",
                                inst.name_span,
                                format!(
                                    "`{}`: GLSL ES has no arrays of arrays of interface blocks",
                                    self.name(inst.name)
                                ),
                            );
                        }
                    }
                    // "As the array size indicates the number of buffer objects needed,
                    // uniform block array declarations must specify an array size."
                    let no_size = matches!(
                        self.m.types.get(ty),
                        Type::Array {
                            size: ArraySize::Unsized,
                            ..
                        }
                    );
                    // Vulkan's descriptor indexing makes unsized descriptor arrays.
                    let runtime = self.vulkan() || self.ext_on(Ext::EXT_nonuniform_qualifier);
                    if no_size
                        && !runtime
                        && matches!(storage, Storage::Uniform | Storage::Buffer)
                        && !self.builtin_mode
                    {
                        self.error(
                            "unsized-block-array",
                            inst.name_span,
                            format!(
                                "the block array `{}` must have a size",
                                self.name(inst.name)
                            ),
                        );
                    }
                }
                if !redeclares_builtin_block {
                    self.check_user_name(inst.name, inst.name_span);
                }
                let ty = self.size_io_array(storage, ty, q.quals.patch);
                if !self.builtin_mode {
                    self.validate_block_interface(storage, &q, &block_members, Some(ty), span);
                }
                // Redeclaring a built-in block instance (gl_in, gl_out): replace it.
                if let Some(Binding::Var(prev)) = self.lookup_local(inst.name) {
                    if self.m.var(prev).builtin && !self.builtin_mode {
                        self.m.vars[prev.index()].ty = ty;
                        return;
                    }
                }
                let var = Var {
                    name: inst.name,
                    ty,
                    storage,
                    quals: q.quals.clone(),
                    span: if self.builtin_mode {
                        Span::default()
                    } else {
                        inst.name_span
                    },
                    init: None,
                    constant: None,
                    builtin: self.builtin_mode,
                    block_member: None,
                };
                let id = self.add_var(var);
                self.bind(inst.name, Binding::Var(id), inst.name_span);
                self.m.globals.push(id);
            }
            None => {
                if !self.builtin_mode {
                    self.validate_block_interface(storage, &q, &block_members, None, span);
                }
                // An anonymous block: its members are global names.
                let block_var = Var {
                    name: b.name,
                    ty: block_ty,
                    storage,
                    quals: q.quals.clone(),
                    span: if self.builtin_mode {
                        Span::default()
                    } else {
                        b.name_span
                    },
                    init: None,
                    constant: None,
                    builtin: self.builtin_mode,
                    block_member: None,
                };
                let bid = self.add_var(block_var);
                self.m.globals.push(bid);
                let Type::Struct(sid) = *self.m.types.get(block_ty) else {
                    return;
                };
                let members: Vec<Member> = self.m.types.struct_def(sid).members.clone();
                for (i, m) in members.iter().enumerate() {
                    // Members of a redeclared built-in block (gl_PerVertex) replace the
                    // built-in variables.
                    if let Some(Binding::Var(prev)) = self.lookup_local(m.name) {
                        if self.m.var(prev).builtin && !self.builtin_mode {
                            let pv = &mut self.m.vars[prev.index()];
                            pv.ty = m.ty;
                            // Qualifiers written on the member (`invariant vec4 gl_Position;`)
                            // apply to the built-in (for the back ends' decorations).
                            let q = &mut pv.quals;
                            let i = &m.interface;
                            q.invariant |= i.invariant;
                            q.precise |= i.precise;
                            q.interp = i.interp.or(q.interp);
                            q.centroid |= i.centroid;
                            q.sample |= i.sample;
                            q.precision = m.precision.or(q.precision);
                            continue;
                        }
                    }
                    let var = Var {
                        name: m.name,
                        ty: m.ty,
                        storage,
                        quals: VarQuals {
                            precision: m.precision,
                            memory: merge_memory(q.quals.memory, m.memory),
                            ..q.quals.clone()
                        },
                        span: if self.builtin_mode {
                            Span::default()
                        } else {
                            m.span
                        },
                        init: None,
                        constant: None,
                        builtin: self.builtin_mode,
                        block_member: Some((bid, i as u32)),
                    };
                    let id = self.add_var(var);
                    self.bind(m.name, Binding::Var(id), m.span);
                }
            }
        }
    }

    // ---- functions ----

    /// Declares a function from its prototype; returns its id (existing when the prototype
    /// repeats an earlier one).
    pub(crate) fn function_proto(
        &mut self,
        p: &ast::FunctionProto,
        defining: bool,
    ) -> Option<FuncId> {
        let fid = self.function_proto_inner(p, defining)?;
        self.record_subroutine_function(p, fid);
        // GL_EXT_spirv_intrinsics (issue 5): `spirv_instruction(...)` prototypes.
        self.record_spirv_instruction(p, fid);
        Some(fid)
    }

    /// Records `fid` among the functions of each subroutine type named in its
    /// `subroutine(T, U)` qualifier (for the lowering of subroutine calls).
    fn record_subroutine_function(&mut self, p: &ast::FunctionProto, fid: FuncId) {
        for q in &p.qualifiers.items {
            let QualifierKind::Subroutine(names) = &q.kind else {
                continue;
            };
            for (n, _) in names {
                if let Some(st) = self.m.subroutines.iter_mut().find(|s| s.name == *n) {
                    if !st.functions.contains(&fid) {
                        st.functions.push(fid);
                    }
                }
            }
        }
    }

    /// GL_EXT_function_control_attributes on a function declaration: `inline` or `noinline`
    /// (not both); other attributes are ignored with a warning.
    fn function_attributes(&mut self, attrs: &[ast::Attribute]) -> FunctionControl {
        let mut control = FunctionControl::None;
        let mut first: Option<Span> = None;
        for a in attrs {
            let this = match self.name(a.name) {
                "inline" => FunctionControl::Inline,
                "noinline" => FunctionControl::DontInline,
                other => {
                    let other = other.to_string();
                    self.warning(
                        "unknown-attribute",
                        a.span,
                        format!("unknown function attribute `{other}` is ignored"),
                    );
                    continue;
                }
            };
            if !self.require(
                a.span,
                "function control attributes",
                0,
                0,
                &[Ext::EXT_function_control_attributes],
            ) {
                return FunctionControl::None;
            }
            if !a.args.is_empty() {
                self.error(
                    "function-attribute",
                    a.span,
                    format!(
                        "the function attribute `{}` takes no arguments",
                        control_name(this)
                    ),
                );
            }
            if control != FunctionControl::None && control != this {
                let mut d = Diagnostic::error(
                    "function-attribute",
                    a.span,
                    "`inline` and `noinline` contradict each other",
                );
                if let Some(s) = first {
                    d = d.with_secondary(s, "the other attribute");
                }
                self.diags.push(d);
                return FunctionControl::None;
            }
            control = this;
            first = Some(a.span);
        }
        control
    }

    fn function_proto_inner(&mut self, p: &ast::FunctionProto, defining: bool) -> Option<FuncId> {
        let control = self.function_attributes(&p.attrs);
        let rq = self.qualifiers(&p.qualifiers, QualCtx::FunctionReturn);
        if let Some((_, s)) = rq.storage {
            self.error(
                "return-qualifier",
                s,
                "a function's return type cannot have a storage qualifier",
            );
        }
        let ret = self.resolve_type(&p.return_type);
        if ret != ids::VOID {
            self.check_precision_available(ret, rq.quals.precision, p.return_type.span);
        }
        if let Type::Array {
            size: ArraySize::Unsized,
            ..
        } = self.m.types.get(ret)
        {
            self.error(
                "unsized-return",
                p.return_type.span,
                "functions cannot return unsized arrays",
            );
        }
        if self.m.types.is_array(ret) {
            self.require(
                p.return_type.span,
                "functions returning arrays",
                120,
                300,
                &[],
            );
        } else if self.is_es() && !self.at_least(0, 300) && self.m.types.contains_array(ret) {
            self.error(
                "array-return",
                p.return_type.span,
                format!(
                    "GLSL ES 1.00 functions cannot return a structure containing arrays (`{}`)",
                    self.ty_name(ret)
                ),
            );
        }
        if self.m.types.contains_opaque(ret) && !self.builtin_mode && !self.bindless() {
            self.error(
                "opaque-return",
                p.return_type.span,
                format!(
                    "functions cannot return the opaque type `{}`",
                    self.ty_name(ret)
                ),
            );
        }
        let name = self.name(p.name).to_string();
        if name.starts_with("gl_") && !self.builtin_mode {
            self.error(
                "reserved-name",
                p.name_span,
                format!("function names starting with `gl_` are reserved (`{name}`)"),
            );
        }
        // Parameters: types and qualifiers (declared as variables only when defining).
        let mut params: Vec<ParamDecl> = Vec::new();
        for prm in &p.params {
            let q = self.qualifiers(&prm.qualifiers, QualCtx::Param);
            let mut ty = self.resolve_type(&prm.ty);
            if let Some(a) = &prm.array {
                ty = self.apply_array(ty, a);
            }
            if matches!(self.m.types.get(ty), Type::Void) {
                if p.params.len() == 1 && prm.name.is_none() {
                    // `f(void)` — handled by the parser normally.
                    continue;
                }
                self.error(
                    "void-parameter",
                    prm.span,
                    "a parameter cannot have type `void`",
                );
            }
            let dir = match q.storage {
                None => ParamDir::In,
                Some((StorageKw::In, _)) => ParamDir::In,
                Some((StorageKw::Out, _)) => ParamDir::Out,
                Some((StorageKw::InOut, _)) => ParamDir::InOut,
                Some((StorageKw::Const, _)) => ParamDir::ConstIn,
                Some((_, s)) => {
                    self.error(
                        "parameter-qualifier",
                        s,
                        "parameters can be qualified only `in`, `out`, `inout` or `const`",
                    );
                    ParamDir::In
                }
            };
            if q.quals.interp.is_some()
                || q.quals.invariant
                || q.quals.centroid
                || !q.quals.layout.is_empty()
            {
                self.error(
                    "parameter-qualifier",
                    prm.span,
                    "parameters cannot have interpolation, invariant or layout qualifiers",
                );
            }
            if matches!(dir, ParamDir::Out | ParamDir::InOut)
                && self.m.types.contains_opaque(ty)
                && !self.builtin_mode
                && !self.bindless()
            {
                self.error(
                    "opaque-out-parameter",
                    prm.span,
                    "opaque types can only be `in` parameters",
                );
            }
            if !self.builtin_mode {
                if !matches!(self.m.types.get(ty), Type::Void) {
                    self.check_precision_available(ty, q.quals.precision, prm.span);
                }
                if let Type::Array {
                    size: ArraySize::Unsized,
                    ..
                } = self.m.types.get(ty)
                {
                    self.error(
                        "unsized-parameter",
                        prm.span,
                        "array parameters must have a size",
                    );
                }
                if self.m.types.is_array(ty) && matches!(dir, ParamDir::Out | ParamDir::InOut) {
                    self.require(
                        prm.span,
                        "`out` and `inout` array parameters",
                        120,
                        100,
                        &[],
                    );
                }
            }
            params.push((prm.name, ty, dir, q.quals, prm.span));
        }
        // Same name and parameter types as an earlier declaration?
        let param_types: Vec<TypeId> = params.iter().map(|p| p.1).collect();
        if let Some(list) = rq.subroutine.clone() {
            if list.is_empty() {
                // `subroutine void T(float);` declares the subroutine type `T`.
                if defining {
                    self.error(
                        "subroutine-type-body",
                        p.name_span,
                        "a subroutine type is a declaration only; it cannot have a body",
                    );
                }
                let ids = self.make_params(&params);
                let fid = FuncId(self.m.functions.len() as u32);
                self.m.functions.push(Function {
                    name: p.name,
                    ret,
                    ret_precision: rq.quals.precision,
                    params: ids,
                    body: None,
                    span: p.name_span,
                    control: FunctionControl::None,
                });
                let t = self.m.types.intern(Type::Subroutine(p.name));
                if self.bind(p.name, Binding::Type(t, p.name_span), p.name_span) {
                    self.subroutine_types.insert(p.name, fid);
                    self.m.subroutines.push(crate::hir::SubroutineType {
                        name: p.name,
                        ty: t,
                        decl: fid,
                        functions: Vec::new(),
                    });
                }
                return None;
            }
            // `subroutine(T, U) void f(...)`: f must match each type exactly.
            for (n, s) in &list {
                let Some(&tf) = self.subroutine_types.get(n) else {
                    self.error(
                        "unknown-subroutine-type",
                        *s,
                        format!("`{}` is not a subroutine type", self.name(*n)),
                    );
                    continue;
                };
                let t = self.m.function(tf).clone();
                let same_params = t.params.len() == params.len()
                    && t.params.iter().zip(&params).all(|(v, (_, ty, dir, _, _))| {
                        let pv = self.m.var(*v);
                        pv.ty == *ty && pv.storage == Storage::Param(*dir)
                    });
                if t.ret != ret || !same_params {
                    self.diags.push(
                        Diagnostic::error(
                            "subroutine-signature",
                            p.name_span,
                            format!(
                                "`{name}` does not match the subroutine type `{}` (return and parameter types must be the same)",
                                self.name(*n)
                            ),
                        )
                        .with_secondary(t.span, "the subroutine type"),
                    );
                }
            }
        }
        let existing = self.funcs.get(&p.name).and_then(|list| {
            list.iter().copied().find(|f| {
                let fun = self.m.function(*f);
                fun.params.len() == param_types.len()
                    && fun
                        .params
                        .iter()
                        .zip(&param_types)
                        .all(|(v, t)| self.m.var(*v).ty == *t)
            })
        });
        // Built-in functions: desktop GLSL lets a shader redeclare them (hiding all built-in
        // overloads of that name); GLSL ES does not.
        if !self.builtin_mode && crate::builtins::is_builtin_function(&name) {
            let cx = self.builtin_context();
            let exists_here = crate::builtins::overloads(&name)
                .iter()
                .any(|s| s.availability().allows(&cx));
            if exists_here {
                if self.is_es() {
                    let same_sig = crate::builtins::overloads(&name).iter().any(|s| {
                        s.availability().allows(&cx)
                            && s.params.len() == param_types.len()
                            && s.params
                                .iter()
                                .zip(&param_types)
                                .all(|(sp, t)| self.m.types.to_btype(*t) == Some(sp.ty))
                    });
                    if same_sig || self.at_least(0, 300) {
                        self.error(
                            "builtin-redefinition",
                            p.name_span,
                            format!(
                                "GLSL ES does not allow redeclaring the built-in function `{name}`"
                            ),
                        );
                    }
                } else {
                    if self.at_least(130, 0) && !self.version.is_compatibility() {
                        // GLSL 1.30+: redeclaring a built-in hides it; allowed.
                    }
                    self.hidden_builtins.insert(p.name);
                }
            }
        }
        if let Some(fid) = existing {
            let f = self.m.function(fid).clone();
            if control != FunctionControl::None {
                if f.control != FunctionControl::None && f.control != control {
                    self.diags.push(
                        Diagnostic::error(
                            "function-attribute",
                            p.name_span,
                            format!(
                                "`{name}` was declared `{}`, here `{}`: its declarations must agree",
                                control_name(f.control),
                                control_name(control)
                            ),
                        )
                        .with_secondary(f.span, "earlier declaration"),
                    );
                } else {
                    self.m.functions[fid.index()].control = control;
                }
            }
            if f.ret != ret {
                self.diags.push(
                    Diagnostic::error(
                        "return-type-mismatch",
                        p.name_span,
                        format!(
                            "`{name}` was declared returning `{}`, here returning `{}`",
                            self.ty_name(f.ret),
                            self.ty_name(ret)
                        ),
                    )
                    .with_secondary(f.span, "earlier declaration"),
                );
            }
            // Parameter qualifiers must match too.
            for ((_, _, dir, _, span), v) in params.iter().zip(&f.params) {
                if let Storage::Param(prev_dir) = self.m.var(*v).storage {
                    if prev_dir != *dir {
                        self.error(
                            "parameter-qualifier-mismatch",
                            *span,
                            "parameter qualifiers differ from the function's earlier declaration",
                        );
                    }
                }
            }
            // GLSL ES: the return precision of every declaration must agree.
            if self.is_es() && !self.builtin_mode {
                let prev_p = f.ret_precision.or_else(|| self.default_precision_of(f.ret));
                let this_p = rq
                    .quals
                    .precision
                    .or_else(|| self.default_precision_of(ret));
                if f.ret == ret && prev_p != this_p {
                    self.diags.push(
                        Diagnostic::error(
                            "return-precision-mismatch",
                            p.name_span,
                            format!("`{name}` was declared with a different return precision"),
                        )
                        .with_secondary(f.span, "earlier declaration"),
                    );
                }
                if !defining && f.body.is_none() && !self.at_least(0, 300) {
                    self.diags.push(
                        Diagnostic::error(
                            "prototype-redeclaration",
                            p.name_span,
                            format!(
                                "GLSL ES 1.00 does not allow declaring the function `{name}` twice"
                            ),
                        )
                        .with_secondary(f.span, "earlier declaration"),
                    );
                }
            }
            if defining && f.body.is_some() {
                self.diags.push(
                    Diagnostic::error(
                        "function-redefinition",
                        p.name_span,
                        format!("function `{name}` is already defined"),
                    )
                    .with_secondary(f.span, "first definition"),
                );
                return None;
            }
            if defining {
                // Parameters are redeclared with the definition's names.
                let ids = self.make_params(&params);
                self.m.functions[fid.index()].params = ids;
                self.m.functions[fid.index()].span = p.name_span;
            }
            return Some(fid);
        }
        // The name must not be a variable or type in the global scope.
        if let Some(b) = self
            .scopes
            .first()
            .and_then(|s| s.names.get(&p.name))
            .copied()
        {
            let separate = matches!(b, Binding::Var(_)) && self.separate_function_namespace();
            if !matches!(b, Binding::Func) && !separate {
                self.error(
                    "redeclaration",
                    p.name_span,
                    format!("`{name}` is already declared as a variable or type"),
                );
                return None;
            }
        }
        if !self.at_global_scope() {
            // A local prototype hides outer names; bind the function name locally.
        }
        let ids = self.make_params(&params);
        let fid = FuncId(self.m.functions.len() as u32);
        self.m.functions.push(Function {
            name: p.name,
            ret,
            ret_precision: rq.quals.precision,
            params: ids,
            body: None,
            span: p.name_span,
            control,
        });
        self.check_not_block_name(p.name, p.name_span);
        self.check_name_length(p.name, p.name_span);
        self.funcs.entry(p.name).or_default().push(fid);
        if let Some(s) = self.scopes.first_mut() {
            s.names.entry(p.name).or_insert(Binding::Func);
        }
        if name == "main" && (ret != ids::VOID || !params.is_empty()) {
            self.error(
                "main-signature",
                p.name_span,
                "`main` must be declared `void main()`",
            );
        }
        Some(fid)
    }

    fn make_params(&mut self, params: &[ParamDecl]) -> Vec<VarId> {
        params
            .iter()
            .map(|(name, ty, dir, quals, span)| {
                let v = Var {
                    name: name.map_or(Symbol(0), |(n, _)| n),
                    ty: *ty,
                    storage: Storage::Param(*dir),
                    quals: quals.clone(),
                    span: name.map_or(*span, |(_, s)| s),
                    init: None,
                    constant: None,
                    builtin: false,
                    block_member: None,
                };
                self.add_var(v)
            })
            .collect()
    }

    fn function_def(&mut self, f: &ast::FunctionDef) {
        let Some(fid) = self.function_proto(&f.proto, true) else {
            return;
        };
        let ret = self.m.function(fid).ret;
        let is_main = self.name(f.proto.name) == "main";
        self.push_scope();
        // Parameters are in the body's scope.
        let params = self.m.function(fid).params.clone();
        for v in params {
            let (name, span) = (self.m.var(v).name, self.m.var(v).span);
            if name != Symbol(0) {
                self.check_user_name(name, span);
                self.bind(name, Binding::Var(v), span);
            }
        }
        self.func = Some(super::FuncCtx {
            id: fid,
            ret,
            is_main,
            returns_value: false,
        });
        // GLSL ES 1.00: the body is a scope nested in the parameters' one, so a local may
        // hide a parameter; later versions make them one scope.
        let nested_body = self.is_es() && !self.at_least(0, 300);
        if nested_body {
            self.push_scope();
        }
        let body = self.function_body(f.body);
        if nested_body {
            self.pop_scope();
        }
        let returns_value = self.func.take().is_some_and(|c| c.returns_value);
        if ret != ids::VOID && !returns_value && !self.m.types.is_error(ret) && !self.builtin_mode {
            self.error(
                "missing-return",
                f.proto.name_span,
                format!(
                    "`{}` returns `{}` but has no `return` statement with a value",
                    self.name(f.proto.name),
                    self.ty_name(ret)
                ),
            );
        }
        self.pop_scope();
        self.m.functions[fid.index()].body = Some(body);
    }
}

/// A parameter as declared: name, type, direction, qualifiers, span.
type ParamDecl = (Option<(Symbol, Span)>, TypeId, ParamDir, VarQuals, Span);

/// A small tag distinguishing the namespaces of block names.
fn storage_tag(s: Storage) -> u8 {
    match s {
        Storage::Uniform => 0,
        Storage::Buffer => 1,
        Storage::In => 2,
        Storage::Out => 3,
        _ => 4,
    }
}

#[allow(dead_code)]
fn unused(_: BType) {}

/// How a storage reads in a diagnostic.
fn storage_text(s: Storage) -> &'static str {
    match s {
        Storage::Local | Storage::Global => "no storage qualifier",
        Storage::Const => "`const`",
        Storage::In => "`in`",
        Storage::Out => "`out`",
        Storage::Uniform => "`uniform`",
        Storage::Buffer => "`buffer`",
        Storage::Shared => "`shared`",
        Storage::Param(_) => "a parameter",
        Storage::Ext(_) => "an extension storage qualifier",
    }
}

/// The memory qualifiers of a block member: the block's and the member's own.
fn merge_memory(block: Memory, member: Memory) -> Memory {
    Memory {
        coherent: block.coherent || member.coherent,
        volatile: block.volatile || member.volatile,
        restrict: block.restrict || member.restrict,
        readonly: block.readonly || member.readonly,
        writeonly: block.writeonly || member.writeonly,
    }
}

/// Issue 5 (helper V): GL_KHR_vulkan_glsl removes default uniforms "except for opaque types"
/// and says "Opaque types cannot be declared or nested in a structure (struct)", so a
/// uniform of a structure type holding samplers, images or textures (or an array of such
/// structures) has no meaning for Vulkan: reported here rather than by the SPIR-V writer.
/// glslang's relaxed Vulkan rules accept such a uniform: the linker splits each opaque
/// member into a uniform of its own (`fresnel_link`'s `split_opaque_structs`).
impl Checker<'_> {
    fn check_vulkan_opaque_struct_uniform(&mut self, ty: TypeId, name: Symbol, span: Span) {
        if !self.vulkan() || self.builtin_mode || self.opts.relaxed_vulkan {
            return;
        }
        let inner = self.m.types.innermost(ty);
        let Type::Struct(sid) = *self.m.types.get(inner) else {
            return;
        };
        if self.m.types.struct_def(sid).kind == StructKind::Block
            || !self.m.types.contains_opaque(inner)
        {
            return;
        }
        let msg = format!(
            "uniform `{}` is a structure holding opaque members (samplers, images, textures): not allowed when targeting Vulkan (GL_KHR_vulkan_glsl: default uniforms are removed except those of opaque types, and opaque types cannot be nested in a structure); declare each opaque member as its own uniform, or compile for OpenGL",
            self.interner.resolve(name)
        );
        self.error("vulkan-opaque-struct-uniform", span, msg);
    }
}

/// The attribute spelling of a function control.
fn control_name(c: FunctionControl) -> &'static str {
    match c {
        FunctionControl::Inline => "inline",
        FunctionControl::DontInline => "noinline",
        FunctionControl::None => "(none)",
    }
}

/// What GLSL ES forbids in a structure used as a vertex output, fragment input, or tessellation
/// or geometry input or output: arrays or structures among its members.
fn struct_nesting(
    types: &crate::types::TypeTable,
    sid: crate::types::StructId,
) -> Option<&'static str> {
    let members = &types.struct_def(sid).members;
    if members.iter().any(|m| types.is_array(m.ty)) {
        Some("a structure containing an array")
    } else if members
        .iter()
        .any(|m| matches!(types.get(m.ty), Type::Struct(_)))
    {
        Some("a structure containing a structure")
    } else {
        None
    }
}
