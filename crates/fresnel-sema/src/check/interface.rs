//! Stage interface rules: what inputs and outputs each stage may declare (geometry inputs are
//! arrays, tessellation per-vertex arrays, fragment outputs), the built-in variables of each
//! stage and profile, the rules about what a shader writes (`gl_FragColor` and `gl_FragData`
//! not both), and whole-shader rules checked at the end.
//!
//! Called from the checker:
//! * [`Checker::validate_var_interface`] for each global variable once declared,
//! * [`Checker::validate_block_interface`] for each interface block,
//! * [`Checker::validate_builtin_redeclaration`] for each redeclaration of a built-in variable
//!   (`out float gl_ClipDistance[4];`, `layout(origin_upper_left) in vec4 gl_FragCoord;`),
//! * [`Checker::is_redeclarable_builtin_block`] for `gl_` block names (`gl_PerVertex`, ...),
//! * [`Checker::invariant_allowed`] for the `invariant` qualifier,
//! * [`Checker::note_write`] whenever an l-value is written,
//! * [`Checker::note_builtin_call`] for each built-in function call,
//! * [`Checker::finish_interface`] at the end of the shader.
//!
//! Rules that depend on where something is used (a redeclaration after a use, a call inside
//! control flow, a compatibility-profile variable used in a core shader) are computed from the
//! HIR built so far: expressions are numbered in the order they are checked, so the expressions
//! that exist when a declaration is checked are exactly the earlier uses.
//!
//! Shared with other files: `decl.rs` checks the storage, type and size of built-in
//! redeclarations and `invariant` after use, `layout.rs` the `gl_FragCoord` / `gl_FragDepth`
//! layouts, `expr.rs` the indexing of implicitly sized variables; this file adds what those
//! leave out (block members such as `gl_in[i].gl_ClipDistance`, sizes given later by a layout).

use rustc_hash::FxHashSet;

use fresnel_syntax::ast;
use fresnel_syntax::diag::Diagnostic;
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::pp::{PpEventKind, PpOutput, Pragma};
use fresnel_syntax::source::Span;
use fresnel_syntax::version::Stage;

use super::decl::Quals;
use super::{Binding, Checker};
use crate::builtin_types::Scalar;
use crate::hir::{ExprId, ExprKind, LayoutEntry, StmtId, StmtKind, Storage, VarId, VarQuals};
use crate::types::{ArraySize, Member, StructKind, Type, TypeId};

/// Compatibility-profile built-ins that stay declared in core contexts (standalone variables
/// in GLSL 1.40, members of the `gl_PerVertex` / `gl_PerFragment` blocks from 1.50 on, which
/// cannot be split by profile) and are rejected where they are used.
const COMPAT_ONLY: &[&str] = &[
    "gl_ClipVertex",
    "gl_FrontColor",
    "gl_BackColor",
    "gl_FrontSecondaryColor",
    "gl_BackSecondaryColor",
    "gl_TexCoord",
    "gl_FogFragCoord",
    "gl_Color",
    "gl_SecondaryColor",
];

/// `gl_PerVertex` members that extensions add (GL_NV_viewport_array2, GL_AMD_vertex_shader_layer,
/// ...); a redeclaration may list them when the extension provides them.
const EXTENSION_PER_VERTEX_MEMBERS: &[&str] = &[
    "gl_Layer",
    "gl_ViewportIndex",
    "gl_ViewportMask",
    "gl_SecondaryPositionNV",
    "gl_SecondaryViewportMaskNV",
    "gl_PositionPerViewNV",
    "gl_ViewportMaskPerViewNV",
];

/// An error found while scanning: code, span, message, optional note.
type Finding = (&'static str, Span, String, Option<(Span, &'static str)>);

/// A redeclaration of a built-in `gl_PerVertex` (or `gl_PerFragment`) block.
#[derive(Debug)]
struct BlockRedeclaration {
    /// The block name (`gl_PerVertex`, ...).
    name: Symbol,
    /// The built-in variable the block replaced (the instance, or the anonymous block).
    builtin: VarId,
    members: Vec<Symbol>,
    span: Span,
    /// The number of expressions when it was declared: later ones are uses after it.
    first_expr: usize,
}

/// What interface checking remembers across the shader.
#[derive(Debug, Default)]
pub(crate) struct InterfaceState {
    /// `#pragma STDGL invariant(all)`.
    invariant_all: Option<Span>,
    /// First static writes, for the rules about what a shader may write together.
    frag_color: Option<Span>,
    frag_data: Option<Span>,
    frag_depth: Option<Span>,
    user_output: Option<(Span, Symbol)>,
    clip_distance: Option<Span>,
    clip_vertex: Option<Span>,
    /// A `layout(yuv)` fragment output (GL_EXT_YUV_target).
    yuv_output: Option<Span>,
    /// Geometry shaders: the first explicitly sized input declared before an input primitive.
    geom_input_size: Option<(u32, Span)>,
    /// Tessellation control per-vertex outputs sized before `layout(vertices = N) out`.
    tcs_sized_outputs: Vec<(u32, Span, String)>,
    blocks: Vec<BlockRedeclaration>,
    /// Built-in variables redeclared on their own, with where.
    redeclared: Vec<(VarId, Span)>,
}

impl InterfaceState {
    pub(crate) fn new(pp: &PpOutput) -> InterfaceState {
        let invariant_all = pp
            .events
            .iter()
            .find(|e| matches!(e.kind, PpEventKind::Pragma(Pragma::InvariantAll)))
            .map(|e| e.span);
        InterfaceState {
            invariant_all,
            ..InterfaceState::default()
        }
    }
}

/// A call of a built-in whose placement is restricted, found by walking function bodies.
struct CallSite {
    name: &'static str,
    expr: ExprId,
    in_main: bool,
    in_flow: bool,
    after_return: bool,
}

/// Where the walk over a function body is.
struct Flow {
    in_main: bool,
    depth: u32,
    after_return: bool,
}

pub(crate) fn placement_restricted(name: &str) -> bool {
    matches!(
        name,
        "barrier"
            | "beginInvocationInterlockARB"
            | "endInvocationInterlockARB"
            | "beginInvocationInterlockNV"
            | "endInvocationInterlockNV"
            | "EmitStreamVertex"
            | "EndStreamPrimitive"
    )
}

fn in_out(s: Storage) -> &'static str {
    if s == Storage::In {
        "input"
    } else {
        "output"
    }
}

impl Checker<'_> {
    // ---- small helpers ----

    /// The layout entry `name` (lower case) of some qualifiers.
    fn layout_entry<'q>(&self, quals: &'q VarQuals, name: &str) -> Option<&'q LayoutEntry> {
        // Compared by spelling, which names one symbol (performance: no hashing of `name` for
        // each of the few entries a declaration has, often none).
        quals
            .layout
            .iter()
            .rev()
            .find(|e| self.interner.resolve(e.name) == name)
    }

    /// The value of a built-in integer constant (`gl_MaxClipDistances`), if declared here.
    fn builtin_const(&self, name: &str) -> Option<i64> {
        let bound = self
            .interner
            .get(name)
            .and_then(|sym| self.scopes.first()?.names.get(&sym).copied());
        match bound {
            Some(Binding::Var(v)) => self.m.var(v).constant.as_ref()?.to_i64(),
            Some(_) => None,
            None => match self.undeclared_builtin_int(name)? {
                [x] => Some(*x),
                _ => None,
            },
        }
    }

    /// The built-in variable `name` at global scope.
    fn builtin_var(&self, name: &str) -> Option<VarId> {
        let sym = self.interner.get(name)?;
        match self.scopes.first()?.names.get(&sym)? {
            Binding::Var(v) if self.m.var(*v).builtin => Some(*v),
            _ => None,
        }
    }

    /// Whether the compatibility-profile built-ins are available: desktop GLSL before 1.40, the
    /// compatibility profile, or GL_ARB_compatibility.
    fn compat_available(&self) -> bool {
        !self.is_es() && (self.version.is_compatibility() || self.ext_on(Ext::ARB_compatibility))
    }

    /// The variable an l-value or array expression is rooted in.
    fn root_var(&self, mut e: ExprId) -> Option<VarId> {
        loop {
            match &self.m.expr(e).kind {
                ExprKind::Var(v) => return Some(*v),
                ExprKind::Index(b, _) | ExprKind::Member(b, _) | ExprKind::Swizzle(b, _) => e = *b,
                _ => return None,
            }
        }
    }

    /// The member `k` of a struct- or block-typed expression.
    fn member_of(&self, base: ExprId, k: u32) -> Option<&Member> {
        match self.m.types.get(self.ety(base)) {
            Type::Struct(sid) => self.m.types.struct_def(*sid).members.get(k as usize),
            _ => None,
        }
    }

    /// The name of the block type of an expression, if it is a block.
    fn block_name_of(&self, t: TypeId) -> Option<Symbol> {
        match self.m.types.get(self.m.types.innermost(t)) {
            Type::Struct(sid) => {
                let def = self.m.types.struct_def(*sid);
                if def.kind == StructKind::Block {
                    def.name
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The name an array expression denotes: a variable or a block member.
    fn array_name(&self, e: ExprId) -> Option<Symbol> {
        match &self.m.expr(e).kind {
            ExprKind::Var(v) => Some(self.m.var(*v).name),
            ExprKind::Member(b, k) => self.member_of(*b, *k).map(|m| m.name),
            _ => None,
        }
    }

    /// The names along an l-value path (variables and members).
    fn path_names(&self, mut e: ExprId) -> Vec<Symbol> {
        let mut out = Vec::new();
        loop {
            match &self.m.expr(e).kind {
                ExprKind::Var(v) => {
                    out.push(self.m.var(*v).name);
                    return out;
                }
                ExprKind::Member(b, k) => {
                    if let Some(m) = self.member_of(*b, *k) {
                        out.push(m.name);
                    }
                    e = *b;
                }
                ExprKind::Index(b, _) | ExprKind::Swizzle(b, _) => e = *b,
                _ => return out,
            }
        }
    }

    fn const_index(&self, e: ExprId) -> Option<i64> {
        self.const_value(e).and_then(|c| c.to_i64())
    }

    /// The first expression that uses a variable.
    fn first_use(&self, v: VarId) -> Option<ExprId> {
        self.m
            .exprs
            .iter()
            .position(|e| matches!(e.kind, ExprKind::Var(x) if x == v))
            .map(|i| ExprId(i as u32))
    }

    fn contains_bool(&self, t: TypeId) -> bool {
        self.m.types.any_part(t, &|t| {
            matches!(
                t,
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
            )
        })
    }

    /// Whether an expression is one of the built-in arrays that must be sized before use
    /// (`gl_ClipDistance`, `gl_CullDistance`, `gl_TexCoord`) reached as a block member
    /// (`gl_in[i].gl_ClipDistance`).
    fn builtin_member_array(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Member(b, k) => self.member_of(*b, *k).is_some_and(|m| {
                matches!(
                    self.name(m.name),
                    "gl_ClipDistance" | "gl_CullDistance" | "gl_TexCoord"
                )
            }),
            _ => false,
        }
    }

    /// The largest size a built-in array may have, and the name of the limit.
    fn builtin_array_limit(&self, name: &str) -> Option<(i64, &'static str)> {
        Some(match name {
            "gl_ClipDistance" => (
                self.builtin_const("gl_MaxClipDistances").unwrap_or(8),
                "gl_MaxClipDistances",
            ),
            "gl_CullDistance" => (
                self.builtin_const("gl_MaxCullDistances").unwrap_or(8),
                "gl_MaxCullDistances",
            ),
            "gl_TexCoord" => (
                self.builtin_const("gl_MaxTextureCoords").unwrap_or(32),
                "gl_MaxTextureCoords",
            ),
            "gl_SampleMask" | "gl_SampleMaskIn" => (
                (self.builtin_const("gl_MaxSamples").unwrap_or(4) + 31) / 32,
                "(gl_MaxSamples + 31) / 32",
            ),
            _ => return None,
        })
    }

    /// The span of a stage layout qualifier (`lines`, `vertices`) for notes.
    fn stage_layout_span(&self, names: &[&str]) -> Option<Span> {
        let syms: Vec<Symbol> = names.iter().filter_map(|n| self.interner.get(n)).collect();
        self.m
            .stage_layout
            .iter()
            .find(|e| syms.contains(&e.name))
            .map(|e| e.span)
    }

    fn geom_primitive_span(&self, n: u32) -> Option<Span> {
        let names: &[&str] = match n {
            1 => &["points"],
            2 => &["lines"],
            3 => &["triangles"],
            4 => &["lines_adjacency"],
            6 => &["triangles_adjacency"],
            _ => &[],
        };
        self.stage_layout_span(names)
    }

    fn push_with_note(
        &mut self,
        code: &'static str,
        span: Span,
        msg: String,
        note: Option<(Span, &str)>,
    ) {
        let mut d = Diagnostic::error(code, span, msg);
        if let Some((s, label)) = note {
            if s != Span::default() {
                d = d.with_secondary(s, label);
            }
        }
        self.diags.push(d);
    }

    // ---- declarations ----

    /// A global variable has been declared.
    pub(crate) fn validate_var_interface(&mut self, var: VarId, q: &Quals) {
        if self.m.var(var).builtin {
            return;
        }
        let v = self.m.var(var).clone();
        let name = self.name(v.name).to_string();
        for (lay, only) in [
            ("origin_upper_left", "gl_FragCoord"),
            ("pixel_center_integer", "gl_FragCoord"),
            ("depth_any", "gl_FragDepth"),
            ("depth_greater", "gl_FragDepth"),
            ("depth_less", "gl_FragDepth"),
            ("depth_unchanged", "gl_FragDepth"),
        ] {
            if let Some(e) = self.layout_entry(&q.quals, lay) {
                let s = e.span;
                self.error(
                    "layout-builtin-only",
                    s,
                    format!("layout qualifier `{lay}` applies only to a redeclaration of `{only}`, not to `{name}`"),
                );
            }
        }
        if !matches!(v.storage, Storage::In | Storage::Out) {
            return;
        }
        let stage = self.stage;
        if v.storage == Storage::Out && stage == Some(Stage::Fragment) {
            if let Some(e) = self.layout_entry(&q.quals, "yuv") {
                let s = e.span;
                self.iface.yuv_output.get_or_insert(s);
            }
        }
        self.check_io_type(&name, v.storage, v.ty, v.span);
        if let Some(kind) = self.per_vertex_kind(v.storage, v.quals.patch) {
            self.check_per_vertex_array(kind, &format!("`{name}`"), v.storage, v.ty, v.span);
        }
    }

    /// Type rules of inputs and outputs that depend on the stage and version.
    fn check_io_type(&mut self, name: &str, storage: Storage, ty: TypeId, span: Span) {
        let stage = self.stage;
        let vertex_in = stage == Some(Stage::Vertex) && storage == Storage::In;
        let fragment_out = stage == Some(Stage::Fragment) && storage == Storage::Out;
        let inner = self.m.types.innermost(ty);
        let inner_ty = self.m.types.get(inner).clone();
        let inner_bool = matches!(
            inner_ty,
            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
        );
        // `decl.rs` reports boolean vertex inputs and fragment outputs.
        let reported_elsewhere =
            (vertex_in || fragment_out) && (inner_bool || matches!(inner_ty, Type::Struct(_)));
        if !reported_elsewhere && self.contains_bool(ty) {
            self.error(
                "bool-io",
                span,
                format!(
                    "shader {}s cannot be or contain booleans (`{name}` has type `{}`)",
                    in_out(storage),
                    self.ty_name(ty)
                ),
            );
            return;
        }
        let old = !self.at_least(130, 300);
        let gpu4 = self.ext_on(Ext::EXT_gpu_shader4);
        let float_based = matches!(
            inner_ty,
            Type::Scalar(Scalar::F32)
                | Type::Vector(Scalar::F32, _)
                | Type::Matrix {
                    scalar: Scalar::F32,
                    ..
                }
        );
        let int_based = matches!(
            inner_ty,
            Type::Scalar(Scalar::I32 | Scalar::U32) | Type::Vector(Scalar::I32 | Scalar::U32, _)
        );
        let allowed_type =
            inner_bool || float_based || (int_based && gpu4) || self.m.types.is_error(inner);
        if old && !allowed_type {
            let varying = matches!(
                (stage, storage),
                (Some(Stage::Vertex), Storage::Out) | (Some(Stage::Fragment), Storage::In)
            );
            if vertex_in && !matches!(inner_ty, Type::Struct(_)) {
                self.error(
                    "attribute-type",
                    span,
                    format!(
                        "vertex shader inputs can only be float, floating-point vector or matrix types in GLSL {} (`{name}` has type `{}`)",
                        self.version,
                        self.ty_name(ty)
                    ),
                );
            } else if varying {
                self.error(
                    "varying-type",
                    span,
                    format!(
                        "varyings can only be float, floating-point vector or matrix types (or arrays of them) in GLSL {} (`{name}` has type `{}`)",
                        self.version,
                        self.ty_name(ty)
                    ),
                );
            }
        }
        // GLSL 1.30 and 1.40: structures cannot be inputs or outputs.
        let struct_io = matches!(inner_ty, Type::Struct(_))
            && !self.is_es()
            && self.at_least(130, 0)
            && !self.at_least(150, 0);
        if struct_io && !vertex_in && !fragment_out {
            self.error(
                "struct-io",
                span,
                format!(
                    "shader {}s cannot be structures before GLSL 1.50 (`{name}` has type `{}`)",
                    in_out(storage),
                    self.ty_name(ty)
                ),
            );
        }
        // GL_ARB_bindless_texture allows samplers and images as inputs and outputs, except as
        // fragment shader outputs.
        if fragment_out && self.bindless() && self.m.types.contains_opaque(inner) {
            self.error(
                "opaque-io",
                span,
                format!(
                    "fragment shader outputs cannot be samplers or images (`{name}` has type `{}`)",
                    self.ty_name(ty)
                ),
            );
        }
        if vertex_in && self.m.types.is_array(ty) {
            let es3 = self.is_es() && self.at_least(0, 300);
            if es3 || (!self.is_es() && !self.at_least(150, 0)) {
                self.error(
                    "array-attribute",
                    span,
                    if es3 {
                        format!("vertex shader inputs cannot be arrays in GLSL ES (`{name}`)")
                    } else {
                        format!("vertex shader inputs cannot be arrays before GLSL 1.50 (`{name}`)")
                    },
                );
            }
        }
    }

    /// Which per-vertex-arrayed interface a declaration belongs to, if any.
    fn per_vertex_kind(&self, storage: Storage, patch: bool) -> Option<&'static str> {
        Some(match (self.stage?, storage, patch) {
            (Stage::Geometry, Storage::In, _) => "geometry shader inputs",
            (Stage::TessControl, Storage::In, false) => "tessellation control shader inputs",
            (Stage::TessControl, Storage::Out, false) => {
                "tessellation control shader per-vertex outputs"
            }
            (Stage::TessEval, Storage::In, false) => {
                "tessellation evaluation shader per-vertex inputs"
            }
            _ => return None,
        })
    }

    /// A per-vertex-arrayed input or output: it must be an array whose size agrees with the
    /// input primitive, the output patch or `gl_MaxPatchVertices`.
    fn check_per_vertex_array(
        &mut self,
        kind: &str,
        what: &str,
        storage: Storage,
        ty: TypeId,
        span: Span,
    ) {
        if self.m.types.is_error(ty) {
            return;
        }
        let Type::Array { size, .. } = *self.m.types.get(ty) else {
            self.error(
                "per-vertex-array",
                span,
                format!("{kind} must be arrays, one element per vertex ({what} is not an array)"),
            );
            return;
        };
        let stage = self.stage;
        match (stage, storage, size) {
            (Some(Stage::Geometry), Storage::In, ArraySize::Fixed(n)) => {
                if let Some(g) = self.geom_in_size {
                    if n != g {
                        let note = self.geom_primitive_span(g);
                        self.push_with_note(
                            "input-array-size",
                            span,
                            format!(
                                "the input primitive has {g} vertices, but {what} has {n} elements"
                            ),
                            note.map(|s| (s, "input primitive declared here")),
                        );
                    }
                } else if let Some((m, s)) = self.iface.geom_input_size {
                    if m != n {
                        self.push_with_note(
                            "input-array-size",
                            span,
                            format!("geometry shader input sizes are inconsistent: {what} has {n} elements, an earlier input has {m}"),
                            Some((s, "earlier input")),
                        );
                    }
                } else {
                    self.iface.geom_input_size = Some((n, span));
                }
            }
            (Some(Stage::Geometry), Storage::In, ArraySize::Unsized)
                if self.is_es() && self.geom_in_size.is_none() =>
            {
                self.error(
                    "input-array-size",
                    span,
                    format!("in GLSL ES, a geometry shader input can be declared without a size only after the input primitive layout ({what})"),
                );
            }
            (Some(Stage::TessControl), Storage::Out, ArraySize::Fixed(n)) => {
                match self.tcs_out_size {
                    Some(k) if k != n => {
                        let note = self.stage_layout_span(&["vertices"]);
                        self.push_with_note(
                            "output-array-size",
                            span,
                            format!(
                                "the output patch has {k} vertices, but {what} has {n} elements"
                            ),
                            note.map(|s| (s, "output patch size declared here")),
                        );
                    }
                    Some(_) => {}
                    None => self
                        .iface
                        .tcs_sized_outputs
                        .push((n, span, what.to_string())),
                }
            }
            (Some(Stage::TessControl | Stage::TessEval), Storage::In, ArraySize::Fixed(n)) => {
                let max = self.builtin_const("gl_MaxPatchVertices").unwrap_or(32);
                if i64::from(n) != max {
                    self.error(
                        "input-array-size",
                        span,
                        format!("per-vertex tessellation inputs must be sized gl_MaxPatchVertices ({max}) or left unsized; {what} has {n} elements"),
                    );
                }
            }
            _ => {}
        }
    }

    /// An interface block has been declared; `instance_ty` is the type of its instance
    /// (an array for `gl_in[]`-style blocks), `None` for an anonymous block.
    pub(crate) fn validate_block_interface(
        &mut self,
        storage: Storage,
        q: &Quals,
        members: &[Member],
        instance_ty: Option<TypeId>,
        span: Span,
    ) {
        if !matches!(storage, Storage::In | Storage::Out) {
            return;
        }
        let tu = self.tu;
        let Some(b) = find_block(tu, span) else {
            return;
        };
        let block_name = self.name(b.name).to_string();
        // GL_NV_geometry_shader_passthrough: passthrough blocks are declared without arrays.
        let passthrough = self.layout_entry(&q.quals, "passthrough").is_some();
        if self.is_redeclarable_builtin_block(b.name) {
            self.validate_builtin_block(storage, b, members, instance_ty, passthrough);
            return;
        }
        let vertex_in = self.stage == Some(Stage::Vertex) && storage == Storage::In;
        let fragment_out = self.stage == Some(Stage::Fragment) && storage == Storage::Out;
        if !vertex_in && !fragment_out {
            for m in members {
                if self.contains_bool(m.ty) {
                    self.error(
                        "bool-io",
                        m.span,
                        format!(
                            "members of {} blocks cannot be or contain booleans (`{}` has type `{}`)",
                            in_out(storage),
                            self.name(m.name),
                            self.ty_name(m.ty)
                        ),
                    );
                }
            }
        }
        if let Some(kind) = self
            .per_vertex_kind(storage, q.quals.patch)
            .filter(|_| !passthrough)
        {
            let what = format!("block `{block_name}`");
            match (instance_ty, &b.instance) {
                (Some(t), Some(inst)) => self.check_per_vertex_array(kind, &what, storage, t, inst.name_span),
                _ => self.error(
                    "per-vertex-array",
                    b.name_span,
                    format!("{kind} must be arrays, one element per vertex: block `{block_name}` needs an instance name declared as an array (`{block_name} {{ ... }} name[];`)"),
                ),
            }
        }
    }

    /// Whether a `gl_` block name names a built-in block a shader may redeclare.
    pub(crate) fn is_redeclarable_builtin_block(&self, name: Symbol) -> bool {
        matches!(
            self.name(name),
            "gl_PerVertex"
                | "gl_PerFragment"
                | "gl_MeshPerVertexNV"
                | "gl_MeshPerPrimitiveNV"
                | "gl_MeshPerVertexEXT"
                | "gl_MeshPerPrimitiveEXT"
        )
    }

    /// A redeclaration of the built-in `gl_PerVertex` / `gl_PerFragment` block.
    fn validate_builtin_block(
        &mut self,
        storage: Storage,
        b: &ast::Block,
        members: &[Member],
        instance_ty: Option<TypeId>,
        passthrough: bool,
    ) {
        let block_name = self.name(b.name).to_string();
        let dir = in_out(storage);
        // The built-in block of this storage: an instance (`gl_in`) or the anonymous block.
        let builtin = self.m.globals.iter().copied().find(|&g| {
            let v = self.m.var(g);
            v.builtin
                && v.storage == storage
                && v.block_member.is_none()
                && self.block_name_of(v.ty) == Some(b.name)
        });
        let Some(builtin) = builtin else {
            let stage = self.stage.map_or("these", |s| s.name());
            self.error(
                "redeclare-builtin-block",
                b.name_span,
                format!("there is no built-in `{block_name}` {dir} block in {stage} shaders to redeclare"),
            );
            return;
        };
        if let Some(prev) = self.iface.blocks.iter().find(|r| r.builtin == builtin) {
            let s = prev.span;
            self.push_with_note(
                "redeclare-builtin-block",
                b.name_span,
                format!("the built-in `{block_name}` {dir} block can be redeclared only once"),
                Some((s, "first redeclaration")),
            );
            return;
        }
        let bvar = self.m.var(builtin).clone();
        let anonymous_builtin = bvar.name == b.name;
        // The instance name must be kept (`gl_in`, `gl_out`) or stay absent.
        let mut shape_ok = !passthrough;
        match (&b.instance, anonymous_builtin) {
            _ if passthrough => {}
            (None, false) => {
                shape_ok = false;
                self.error(
                    "redeclare-builtin-block",
                    b.name_span,
                    format!(
                        "the built-in `{block_name}` {dir} block must be redeclared with its instance name `{}`",
                        self.name(bvar.name)
                    ),
                );
            }
            (Some(inst), false) if inst.name != bvar.name => {
                shape_ok = false;
                self.error(
                    "redeclare-builtin-block",
                    inst.name_span,
                    format!(
                        "the built-in `{block_name}` {dir} block must keep its instance name `{}`, not `{}`",
                        self.name(bvar.name),
                        self.name(inst.name)
                    ),
                );
            }
            (Some(inst), true) => {
                shape_ok = false;
                self.error(
                    "redeclare-builtin-block",
                    inst.name_span,
                    format!("the built-in `{block_name}` {dir} block has no instance name and must be redeclared without one"),
                );
            }
            _ => {}
        }
        if shape_ok && !anonymous_builtin {
            if let (Some(t), Some(inst)) = (instance_ty, &b.instance) {
                let builtin_is_array = self.m.types.is_array(bvar.ty);
                match self.m.types.get(t).clone() {
                    Type::Array { elem, .. } if self.m.types.is_array(elem) => self.error(
                        "redeclare-builtin-block",
                        inst.name_span,
                        format!(
                            "`{}` cannot be redeclared as an array of arrays",
                            self.name(inst.name)
                        ),
                    ),
                    Type::Array { .. } if builtin_is_array => {
                        if let Some(kind) = self.per_vertex_kind(storage, false) {
                            let what = format!("`{}`", self.name(inst.name));
                            self.check_per_vertex_array(kind, &what, storage, t, inst.name_span);
                        }
                    }
                    _ if builtin_is_array => self.error(
                        "redeclare-builtin-block",
                        inst.name_span,
                        format!(
                            "`{}` must be redeclared as an array (`{}[]`)",
                            self.name(inst.name),
                            self.name(inst.name)
                        ),
                    ),
                    _ => {}
                }
            }
        }
        // Before any use of the block.
        let used = self.m.exprs.iter().position(|e| match e.kind {
            ExprKind::Var(x) => {
                x == builtin
                    || self
                        .m
                        .var(x)
                        .block_member
                        .is_some_and(|(bid, _)| bid == builtin)
            }
            _ => false,
        });
        if let Some(i) = used {
            let s = self.m.exprs[i].span;
            self.push_with_note(
                "redeclare-after-use",
                b.name_span,
                format!("the built-in `{block_name}` {dir} block must be redeclared before any use of it"),
                Some((s, "used here")),
            );
        }
        // Members must not have been redeclared on their own.
        if anonymous_builtin {
            let earlier = self
                .iface
                .redeclared
                .iter()
                .find(|(v, _)| {
                    self.m
                        .var(*v)
                        .block_member
                        .is_some_and(|(bid, _)| bid == builtin)
                })
                .copied();
            if let Some((v, s)) = earlier {
                let n = self.name(self.m.var(v).name).to_string();
                self.push_with_note(
                    "redeclare-builtin-block",
                    b.name_span,
                    format!("`{n}` was redeclared on its own, so the built-in `{block_name}` block cannot be redeclared"),
                    Some((s, "redeclared here")),
                );
            }
        }
        // Members: a subset of the built-in ones, with the same types.
        let builtin_members: Vec<Member> = match self.m.types.get(self.m.types.innermost(bvar.ty)) {
            Type::Struct(sid) => self.m.types.struct_def(*sid).members.clone(),
            _ => Vec::new(),
        };
        for m in members {
            let mname = self.name(m.name).to_string();
            match builtin_members.iter().find(|bm| bm.name == m.name) {
                Some(bm) => {
                    self.check_redeclared_type(&mname, bm.ty, m.ty, m.span);
                }
                None => {
                    let by_extension = EXTENSION_PER_VERTEX_MEMBERS.contains(&mname.as_str())
                        && (self.builtin_var(&mname).is_some()
                            || self.any_ext(&[
                                Ext::NV_viewport_array2,
                                Ext::NV_stereo_view_rendering,
                                Ext::NVX_multiview_per_view_attributes,
                            ]));
                    if !by_extension {
                        self.error(
                            "redeclare-builtin-block",
                            m.span,
                            format!("`{mname}` is not a member of the built-in `{block_name}` {dir} block"),
                        );
                    }
                }
            }
        }
        self.iface.blocks.push(BlockRedeclaration {
            name: b.name,
            builtin,
            members: members.iter().map(|m| m.name).collect(),
            span: b.name_span,
            first_expr: self.m.exprs.len(),
        });
    }

    /// Whether `new` is `old` with some of its unsized array dimensions given a size.
    fn sizes_only_differ(&self, old: TypeId, new: TypeId) -> bool {
        if old == new {
            return true;
        }
        match (self.m.types.get(old), self.m.types.get(new)) {
            (Type::Array { elem: oe, size: os }, Type::Array { elem: ne, size: ns }) => {
                (*os == ArraySize::Unsized || os == ns) && self.sizes_only_differ(*oe, *ne)
            }
            _ => false,
        }
    }

    /// A redeclared built-in (variable or block member) must keep its type; an unsized array
    /// may be given a size within its limit.
    fn check_redeclared_type(&mut self, name: &str, old: TypeId, new: TypeId, span: Span) -> bool {
        if self.m.types.is_error(new) || self.m.types.is_error(old) {
            return false;
        }
        let ok = self.sizes_only_differ(old, new);
        if !ok {
            self.error(
                "redeclare-builtin-type",
                span,
                format!(
                    "the built-in `{name}` has type `{}`; a redeclaration cannot change it to `{}`",
                    self.ty_name(old),
                    self.ty_name(new)
                ),
            );
            return false;
        }
        if let Type::Array {
            size: ArraySize::Fixed(n),
            ..
        } = *self.m.types.get(new)
        {
            if let Some((max, limit)) = self.builtin_array_limit(name) {
                if i64::from(n) > max {
                    self.error(
                        "builtin-array-size",
                        span,
                        format!("`{name}` can have at most {limit} ({max}) elements, but is redeclared with {n}"),
                    );
                }
            }
        }
        true
    }

    /// A redeclaration of a built-in variable (`out float gl_ClipDistance[4];`): which built-ins
    /// may be redeclared where, compatibility-profile ones, members of a redeclared
    /// `gl_PerVertex`, redeclarations for separate shader objects before use. Returns whether
    /// the redeclaration may proceed.
    pub(crate) fn validate_builtin_redeclaration(
        &mut self,
        prev: VarId,
        q: &Quals,
        span: Span,
    ) -> bool {
        let pv = self.m.var(prev).clone();
        let name = self.name(pv.name).to_string();
        let es = self.is_es();
        let sso_pre150 =
            !es && self.version.number <= 140 && self.ext_on(Ext::ARB_separate_shader_objects);
        let sso_es = es
            && (self.at_least(0, 310)
                || (self.at_least(0, 300) && self.ext_on(Ext::EXT_separate_shader_objects)));
        let has = |this: &Self, n: &str| this.layout_entry(&q.quals, n).is_some();
        let refusal: Option<String> = match name.as_str() {
            "gl_FragCoord" => (!(self.at_least(140, 320) || self.ext_on(Ext::ARB_fragment_coord_conventions)))
                .then(|| "redeclaring `gl_FragCoord` needs GLSL 1.50 or GL_ARB_fragment_coord_conventions".to_string()),
            "gl_FragDepth" => {
                let ok = if es {
                    self.at_least(0, 320) || self.ext_on(Ext::EXT_conservative_depth)
                } else {
                    self.at_least(420, 0) || self.any_ext(&[Ext::AMD_conservative_depth, Ext::ARB_conservative_depth])
                };
                (!ok).then(|| "redeclaring `gl_FragDepth` needs GLSL 4.20 or GL_ARB_conservative_depth".to_string())
            }
            "gl_FrontColor" | "gl_BackColor" | "gl_FrontSecondaryColor" | "gl_BackSecondaryColor" | "gl_Color"
            | "gl_SecondaryColor" => (!(!es && (self.at_least(130, 0) || self.ext_on(Ext::EXT_gpu_shader4))))
                .then(|| format!("`{name}` can be redeclared (with an interpolation qualifier) only from GLSL 1.30")),
            "gl_TexCoord" | "gl_ClipDistance" | "gl_CullDistance" => None,
            "gl_Position" | "gl_PointSize" => (!(sso_es || sso_pre150)).then(|| {
                if es {
                    format!("redeclaring `{name}` needs GL_EXT_separate_shader_objects or GLSL ES 3.10")
                } else if self.version.number <= 140 {
                    format!("redeclaring `{name}` needs GL_ARB_separate_shader_objects")
                } else {
                    format!("`{name}` is a member of the `gl_PerVertex` block; redeclare the block instead")
                }
            }),
            "gl_ClipVertex" | "gl_FogFragCoord" => (!sso_pre150).then(|| {
                if self.version.number >= 150 {
                    format!("`{name}` is a member of the `gl_PerVertex` block; redeclare the block instead")
                } else {
                    format!("the built-in variable `{name}` cannot be redeclared")
                }
            }),
            "gl_SampleMask" => (!has(self, "override_coverage"))
                .then(|| "`gl_SampleMask` can be redeclared only with `layout(override_coverage)`".to_string()),
            "gl_Layer" => (!(has(self, "viewport_relative")
                || has(self, "secondary_view_offset")
                || self.ext_on(Ext::NV_viewport_array2)))
            .then(|| "`gl_Layer` can be redeclared only with `layout(viewport_relative)` (GL_NV_viewport_array2)".to_string()),
            "gl_FragStencilRefARB" => (es || !self.at_least(140, 0))
                .then(|| "redeclaring `gl_FragStencilRefARB` needs GLSL 1.40".to_string()),
            "gl_PrimitiveShadingRateEXT" | "gl_ShadingRateEXT" | "gl_LastFragData" | "gl_LastFragDepthARM"
            | "gl_LastFragStencilARM" | "gl_PrimitiveIndicesNV" | "gl_PrimitivePointIndicesEXT"
            | "gl_PrimitiveLineIndicesEXT" | "gl_PrimitiveTriangleIndicesEXT" => None,
            // GL_EXT_opacity_micromap_ray_query_mode: the shader chooses the value.
            "gl_EnableOpacityMicromapEXT" => None,
            _ => Some(format!("the built-in variable `{name}` cannot be redeclared")),
        };
        if let Some(msg) = refusal {
            self.error("redeclare-builtin", span, msg);
            return false;
        }
        if COMPAT_ONLY.contains(&name.as_str())
            && !es
            && self.version.number >= 140
            && !self.compat_available()
        {
            self.error("compat-builtin", span, self.compat_message(&name));
            return false;
        }
        // A member of a redeclared gl_PerVertex block.
        if let Some((bid, _)) = pv.block_member {
            if let Some(r) = self.iface.blocks.iter().find(|r| r.builtin == bid) {
                let s = r.span;
                let block = self.name(r.name).to_string();
                self.push_with_note(
                    "redeclare-builtin",
                    span,
                    format!("`{name}` belongs to the redeclared `{block}` block and cannot also be redeclared on its own"),
                    Some((s, "block redeclared here")),
                );
                return false;
            }
        }
        // Separate shader objects: the redeclaration must come before any use. (The storage,
        // type, size and the gl_FragCoord / gl_FragDepth rules are checked by the caller.)
        if matches!(
            name.as_str(),
            "gl_Position" | "gl_PointSize" | "gl_ClipVertex" | "gl_FogFragCoord"
        ) && !self.iface.redeclared.iter().any(|(v, _)| *v == prev)
        {
            if let Some(u) = self.first_use(prev) {
                let s = self.espan(u);
                self.push_with_note(
                    "redeclare-after-use",
                    span,
                    format!("`{name}` must be redeclared before any use of it"),
                    Some((s, "used here")),
                );
            }
        }
        self.iface.redeclared.push((prev, span));
        true
    }

    fn compat_message(&self, name: &str) -> String {
        if self.version.number == 140 {
            format!("`{name}` is a compatibility-profile built-in; GLSL 1.40 provides it only with GL_ARB_compatibility")
        } else {
            format!(
                "`{name}` is a compatibility-profile built-in, not available in the core profile of GLSL {} (use `#version {} compatibility` or GL_ARB_compatibility)",
                self.version, self.version.number
            )
        }
    }

    // ---- invariant ----

    /// Whether variables of this storage may be `invariant`: outputs, and before GLSL 4.20 /
    /// GLSL ES 3.00 also the inputs of stages after the vertex shader. GLSL 1.10-4.10: "Only
    /// variables output from a shader (including those that are then input to a subsequent
    /// shader) can be candidates for invariance" (the keyword had to match on both sides);
    /// from 4.20 and ES 3.00 on an input cannot be invariant (glslang draws the same lines).
    pub(crate) fn invariant_allowed(&self, storage: Storage) -> bool {
        storage == Storage::Out
            || (storage == Storage::In
                && !self.at_least(420, 300)
                && self.stage != Some(Stage::Vertex))
    }

    // ---- uses ----

    /// An l-value expression is written (assignment, `++`, `out` argument).
    pub(crate) fn note_write(&mut self, target: ExprId) {
        if self.builtin_mode {
            return;
        }
        let Some(root) = self.root_var(target) else {
            return;
        };
        let span = self.espan(target);
        // The few facts read below, copied (no clone of the whole variable per write).
        let (builtin, name, storage, patch, in_block, ty) = {
            let v = self.m.var(root);
            (
                v.builtin,
                v.name,
                v.storage,
                v.quals.patch,
                v.block_member.is_some(),
                v.ty,
            )
        };
        let stage = self.stage;
        if stage == Some(Stage::Fragment) {
            if builtin {
                match self.name(name) {
                    "gl_FragColor" => {
                        self.iface.frag_color.get_or_insert(span);
                    }
                    "gl_FragData" => {
                        self.iface.frag_data.get_or_insert(span);
                    }
                    "gl_FragDepth" | "gl_FragDepthEXT" => {
                        self.iface.frag_depth.get_or_insert(span);
                    }
                    _ => {}
                }
            } else if storage == Storage::Out && self.iface.user_output.is_none() {
                self.iface.user_output = Some((span, name));
            }
            return;
        }
        if matches!(
            stage,
            Some(Stage::Vertex | Stage::TessControl | Stage::TessEval | Stage::Geometry)
        ) {
            for n in self.path_names(target) {
                match self.name(n) {
                    "gl_ClipDistance" => {
                        self.iface.clip_distance.get_or_insert(span);
                    }
                    "gl_ClipVertex" => {
                        self.iface.clip_vertex.get_or_insert(span);
                    }
                    _ => {}
                }
            }
        }
        if stage == Some(Stage::TessControl)
            && storage == Storage::Out
            && !patch
            && !in_block
            && self.m.types.is_array(ty)
            // Built-in per-vertex outputs are the members of `gl_out[]`; other built-in output
            // arrays (`gl_ViewportMask[]`) are not indexed by vertex.
            && (!builtin || self.block_name_of(ty).is_some())
        {
            self.check_tcs_output_index(target, root);
        }
    }

    /// A write to a per-vertex output of a tessellation control shader must index it with
    /// `gl_InvocationID`.
    fn check_tcs_output_index(&mut self, target: ExprId, root: VarId) {
        let mut e = target;
        loop {
            match self.m.expr(e).kind.clone() {
                ExprKind::Index(b, i) => {
                    if matches!(self.m.expr(b).kind, ExprKind::Var(x) if x == root) {
                        let ok = match self.m.expr(i).kind {
                            ExprKind::Var(w) => {
                                let wv = self.m.var(w);
                                wv.builtin && self.name(wv.name) == "gl_InvocationID"
                            }
                            _ => false,
                        };
                        if !ok {
                            let s = self.espan(i);
                            let name = self.name(self.m.var(root).name).to_string();
                            self.error(
                                "tcs-output-index",
                                s,
                                format!("per-vertex outputs of a tessellation control shader can be written only at index `gl_InvocationID` (writing `{name}`)"),
                            );
                        }
                        return;
                    }
                    e = b;
                }
                ExprKind::Member(b, _) | ExprKind::Swizzle(b, _) => e = b,
                _ => return,
            }
        }
    }

    /// A built-in function is called. Where the calls stand (in `main`, in control flow,
    /// after a `return`) is checked at the end of the shader, from the function bodies.
    pub(crate) fn note_builtin_call(&mut self, name: &'static str, span: Span) {
        let _ = (name, span);
    }

    // ---- end of shader ----

    /// Whole-shader interface rules.
    pub(crate) fn finish_interface(&mut self) {
        self.finish_fragment_outputs();
        self.finish_clip_outputs();
        self.finish_tcs_sizes();
        self.finish_uses();
        self.finish_call_placement();
        self.finish_interpolants();
        if let Some(s) = self.iface.invariant_all {
            if self.is_es() && self.at_least(0, 300) && self.stage == Some(Stage::Fragment) {
                self.error(
                    "invariant-all",
                    s,
                    "`#pragma STDGL invariant(all)` cannot be used in a GLSL ES fragment shader",
                );
            }
        }
    }

    fn finish_fragment_outputs(&mut self) {
        if self.stage != Some(Stage::Fragment) {
            return;
        }
        if let (Some(c), Some(d)) = (self.iface.frag_color, self.iface.frag_data) {
            self.push_with_note(
                "frag-color-and-data",
                d,
                "a fragment shader cannot write both `gl_FragColor` and `gl_FragData`".into(),
                Some((c, "`gl_FragColor` written here")),
            );
        }
        if let Some((u, uname)) = self.iface.user_output {
            if self.at_least(130, 300) {
                let builtin = self
                    .iface
                    .frag_color
                    .map(|s| (s, "gl_FragColor"))
                    .or(self.iface.frag_data.map(|s| (s, "gl_FragData")));
                if let Some((s, b)) = builtin {
                    let n = self.name(uname).to_string();
                    self.push_with_note(
                        "frag-builtin-and-user-output",
                        s,
                        format!("`{b}` cannot be written in a shader that writes the user-defined output `{n}`"),
                        Some((u, "user-defined output written here")),
                    );
                }
            }
        }
        if let (Some(y), Some(d)) = (self.iface.yuv_output, self.iface.frag_depth) {
            self.push_with_note(
                "yuv-frag-depth",
                d,
                "a fragment shader with a `layout(yuv)` output cannot write `gl_FragDepth`".into(),
                Some((y, "`yuv` output declared here")),
            );
        }
        // GLSL ES 3.00: with more than one output, every output needs a location.
        if self.is_es() && self.at_least(0, 300) {
            let outs: Vec<VarId> = self
                .m
                .globals
                .iter()
                .copied()
                .filter(|&g| {
                    let v = self.m.var(g);
                    !v.builtin && v.storage == Storage::Out && v.block_member.is_none()
                })
                .collect();
            if outs.len() > 1 {
                for g in outs {
                    let v = self.m.var(g).clone();
                    if self.layout_entry(&v.quals, "location").is_none() {
                        let n = self.name(v.name).to_string();
                        self.error(
                            "output-location",
                            v.span,
                            format!("with more than one fragment output, each needs `layout(location = N)` in GLSL ES (`{n}` has none)"),
                        );
                    }
                }
            }
        }
    }

    fn finish_clip_outputs(&mut self) {
        if let (Some(d), Some(v)) = (self.iface.clip_distance, self.iface.clip_vertex) {
            if !self.is_es() && self.at_least(130, 0) {
                self.push_with_note(
                    "clip-vertex-and-distance",
                    d,
                    "a shader cannot write both `gl_ClipVertex` and `gl_ClipDistance`".into(),
                    Some((v, "`gl_ClipVertex` written here")),
                );
            }
        }
    }

    fn finish_tcs_sizes(&mut self) {
        let Some(k) = self.tcs_out_size else { return };
        let pending = std::mem::take(&mut self.iface.tcs_sized_outputs);
        let note = self.stage_layout_span(&["vertices"]);
        for (n, span, what) in pending {
            if n != k {
                self.push_with_note(
                    "output-array-size",
                    span,
                    format!("the output patch has {k} vertices, but {what} has {n} elements"),
                    note.map(|s| (s, "output patch size declared here")),
                );
            }
        }
    }

    /// Rules about uses, from every expression: compatibility-profile built-ins, members of a
    /// redeclared `gl_PerVertex`, unsized arrays, fragment output indexing.
    fn finish_uses(&mut self) {
        let compat_check = !self.is_es()
            && self.version.number >= 140
            && !self.compat_available()
            && !self.vulkan();
        let per_vertex = self.interner.get("gl_PerVertex");
        let per_fragment = self.interner.get("gl_PerFragment");
        let mut compat_reported: FxHashSet<Symbol> = FxHashSet::default();
        let mut removed_reported: FxHashSet<VarId> = FxHashSet::default();
        let mut errors: Vec<Finding> = Vec::new();
        // Implicit sizes of the limited built-in arrays: name -> (largest index, where).
        let mut implicit: Vec<(Symbol, i64, Span)> = Vec::new();
        let mesh = matches!(self.stage, Some(Stage::Mesh | Stage::Task));
        // Borrowed, one bounds check less per expression (performance: a walk over every
        // expression); the arms copy only ids out of the expression (no clone of the kind).
        for (i, e) in self.m.exprs.iter().enumerate() {
            let span = e.span;
            match e.kind {
                ExprKind::Var(v) => {
                    let var = self.m.var(v);
                    if !var.builtin {
                        continue;
                    }
                    let name = self.name(var.name);
                    if compat_check
                        && COMPAT_ONLY.contains(&name)
                        && compat_reported.insert(var.name)
                    {
                        errors.push(("compat-builtin", span, self.compat_message(name), None));
                    }
                    if let Some((bid, _)) = var.block_member {
                        if let Some(r) = self.iface.blocks.iter().find(|r| r.builtin == bid) {
                            if i >= r.first_expr
                                && !r.members.contains(&var.name)
                                && removed_reported.insert(v)
                            {
                                let block = self.name(r.name);
                                errors.push((
                                    "removed-builtin-member",
                                    span,
                                    format!("`{name}` is not available: the redeclared `{block}` block does not include it"),
                                    Some((r.span, "block redeclared here")),
                                ));
                            }
                        }
                    }
                }
                ExprKind::Member(b, k) => {
                    if !compat_check {
                        continue;
                    }
                    let bn = self.block_name_of(self.ety(b));
                    if bn.is_some() && (bn == per_vertex || bn == per_fragment) {
                        if let Some(m) = self.member_of(b, k) {
                            let name = self.name(m.name);
                            if COMPAT_ONLY.contains(&name) && compat_reported.insert(m.name) {
                                errors.push((
                                    "compat-builtin",
                                    span,
                                    self.compat_message(name),
                                    None,
                                ));
                            }
                        }
                    }
                }
                ExprKind::Index(b, ix) => {
                    let bt = self.ety(b);
                    let unsized_then = matches!(
                        self.m.types.get(bt),
                        Type::Array {
                            size: ArraySize::Unsized,
                            ..
                        }
                    );
                    // Only an unsized array (outside mesh shaders) or a GLSL ES fragment
                    // shader has rules below (performance: most indexing skips the lookups).
                    let es_fragment = self.is_es() && self.stage == Some(Stage::Fragment);
                    let applies = (unsized_then && !mesh) || es_fragment;
                    if !applies {
                        continue;
                    }
                    let Some(root) = self.root_var(b) else {
                        continue;
                    };
                    let rv = self.m.var(root);
                    let cix = self.const_index(ix);
                    let aname = self.array_name(b);
                    // Borrowed (performance: no String per indexing expression).
                    let aname_text = aname.map_or("", |n| self.name(n));
                    if unsized_then && !mesh {
                        match cix {
                            // Unsized variables are checked where they are indexed (`expr.rs`);
                            // built-in arrays inside blocks (`gl_in[i].gl_ClipDistance[j]`) here.
                            None => {
                                if self.builtin_member_array(b) {
                                    let is = self.espan(ix);
                                    errors.push((
                                        "unsized-array-index",
                                        is,
                                        format!("`{aname_text}` has no size, so it can be indexed only with constant expressions"),
                                        None,
                                    ));
                                }
                            }
                            Some(k) => {
                                if let Some(n) = aname {
                                    if self.builtin_array_limit(aname_text).is_some() {
                                        let is = self.espan(ix);
                                        match implicit.iter_mut().find(|(x, _, _)| *x == n) {
                                            Some(entry) => {
                                                if k > entry.1 {
                                                    entry.1 = k;
                                                    entry.2 = is;
                                                }
                                            }
                                            None => implicit.push((n, k, is)),
                                        }
                                    }
                                }
                                // Sized later by a layout (geometry inputs, tessellation
                                // control outputs): the index must fit.
                                if let ExprKind::Var(v) = self.m.expr(b).kind {
                                    let var = self.m.var(v);
                                    let by_layout = matches!(
                                        (self.stage, var.storage),
                                        (Some(Stage::Geometry), Storage::In)
                                            | (Some(Stage::TessControl), Storage::Out)
                                    );
                                    if let Type::Array {
                                        size: ArraySize::Fixed(n),
                                        ..
                                    } = *self.m.types.get(var.ty)
                                    {
                                        if by_layout && k >= i64::from(n) {
                                            let is = self.espan(ix);
                                            errors.push((
                                                "index-range",
                                                is,
                                                format!("index {k} is out of range: the layout declared later gives `{aname_text}` {n} elements"),
                                                None,
                                            ));
                                        }
                                    }
                                }
                            }
                        }
                    }
                    // GLSL ES: fragment output arrays take constant indices only.
                    if cix.is_none()
                        && self.is_es()
                        && self.stage == Some(Stage::Fragment)
                        && rv.storage == Storage::Out
                        && matches!(self.m.expr(b).kind, ExprKind::Var(_))
                        && aname_text != "gl_SampleMask"
                        && self.m.types.is_array(bt)
                    {
                        let is = self.espan(ix);
                        errors.push((
                            "output-index",
                            is,
                            format!("fragment shader output arrays can be indexed only with constant expressions in GLSL ES (`{aname_text}`)"),
                            None,
                        ));
                    }
                }
                ExprKind::ArrayLength(b) => {
                    let unsized_then = matches!(
                        self.m.types.get(self.ety(b)),
                        Type::Array {
                            size: ArraySize::Unsized,
                            ..
                        }
                    );
                    if !unsized_then || mesh {
                        continue;
                    }
                    let name = self
                        .array_name(b)
                        .map(|n| self.name(n).to_string())
                        .unwrap_or_default();
                    let late_length =
                        self.at_least(430, 0) || self.ext_on(Ext::ARB_shader_storage_buffer_object);
                    match self.m.expr(b).kind {
                        ExprKind::Var(v)
                            if self.stage == Some(Stage::Geometry)
                                && self.m.var(v).storage == Storage::In =>
                        {
                            errors.push((
                                "unsized-array-length",
                                span,
                                format!("`{name}.length()` needs the input primitive layout (`layout(triangles) in;`) to be declared first"),
                                None,
                            ));
                        }
                        ExprKind::Member(..) if !late_length && self.builtin_member_array(b) => {
                            errors.push((
                                "unsized-array-length",
                                span,
                                format!("`{name}.length()` is not known: the array has no size"),
                                None,
                            ));
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        // Implicitly sized built-in arrays within their limits.
        let implicit_sizes = implicit.clone();
        for (n, k, s) in implicit {
            let name = self.name(n).to_string();
            if let Some((max, limit)) = self.builtin_array_limit(&name) {
                let declared_fixed = self.builtin_var(&name).is_some_and(|v| {
                    matches!(
                        self.m.types.get(self.m.var(v).ty),
                        Type::Array {
                            size: ArraySize::Fixed(_),
                            ..
                        }
                    )
                });
                if k >= max && !declared_fixed {
                    errors.push((
                        "builtin-array-size",
                        s,
                        format!("index {k} of `{name}` is out of range: it can have at most {limit} ({max}) elements"),
                        None,
                    ));
                }
            }
        }
        // gl_ClipDistance and gl_CullDistance together within gl_MaxCombinedClipAndCullDistances.
        if let Some(max) = self.builtin_const("gl_MaxCombinedClipAndCullDistances") {
            let size_of = |this: &Self, name: &str| -> (i64, Option<Span>) {
                let Some(v) = this.builtin_var(name) else {
                    return (0, None);
                };
                match *this.m.types.get(this.m.var(v).ty) {
                    Type::Array {
                        size: ArraySize::Fixed(n),
                        ..
                    } => (
                        i64::from(n),
                        this.iface
                            .redeclared
                            .iter()
                            .find(|(x, _)| *x == v)
                            .map(|(_, s)| *s),
                    ),
                    _ => this
                        .interner
                        .get(name)
                        .and_then(|sym| implicit_sizes.iter().find(|(x, _, _)| *x == sym))
                        .map_or((0, None), |&(_, k, s)| (k + 1, Some(s))),
                }
            };
            let (clip, cs) = size_of(self, "gl_ClipDistance");
            let (cull, us) = size_of(self, "gl_CullDistance");
            if clip > 0 && cull > 0 && clip + cull > max {
                if let Some(s) = us.or(cs) {
                    errors.push((
                        "builtin-array-size",
                        s,
                        format!("`gl_ClipDistance` ({clip}) and `gl_CullDistance` ({cull}) together exceed gl_MaxCombinedClipAndCullDistances ({max})"),
                        None,
                    ));
                }
            }
        }
        for (code, span, msg, note) in errors {
            self.push_with_note(code, span, msg, note);
        }
    }

    /// Built-ins that may be called only in some places: `barrier()` in tessellation control
    /// shaders, the fragment shader interlock functions, stream numbers.
    fn finish_call_placement(&mut self) {
        // No walk of the function bodies when no expression calls one of these built-ins
        // (performance: most shaders call none; recorded by `add_expr`).
        if !self.builtin_calls.placement {
            return;
        }
        let mut sites = Vec::new();
        for f in &self.m.functions {
            let Some(body) = f.body else { continue };
            let mut flow = Flow {
                in_main: self.name(f.name) == "main",
                depth: 0,
                after_return: false,
            };
            self.flow_stmt(body, &mut flow, &mut sites);
        }
        let tcs = self.stage == Some(Stage::TessControl);
        let mut begin: Option<Span> = None;
        let mut end: Option<Span> = None;
        for site in sites {
            let span = self.espan(site.expr);
            let name = site.name;
            let placement = name == "barrier" && tcs || name.contains("InvocationInterlock");
            if placement {
                let what = if name == "barrier" {
                    "`barrier()` in a tessellation control shader".to_string()
                } else {
                    format!("`{name}()`")
                };
                if !site.in_main {
                    self.error(
                        "call-placement",
                        span,
                        format!("{what} can be called only in `main()`"),
                    );
                    continue;
                }
                if site.in_flow {
                    self.error(
                        "call-placement",
                        span,
                        format!(
                            "{what} cannot be called inside control flow (`if`, `switch`, loops)"
                        ),
                    );
                    continue;
                }
                if site.after_return {
                    self.error(
                        "call-placement",
                        span,
                        format!("{what} cannot be called after a `return` in `main()`"),
                    );
                    continue;
                }
            }
            if name.starts_with("begin") {
                if let Some(p) = begin {
                    self.push_with_note(
                        "interlock-order",
                        span,
                        format!("`{name}()` can be called only once"),
                        Some((p, "first call")),
                    );
                } else if let Some(e) = end {
                    self.push_with_note(
                        "interlock-order",
                        span,
                        format!("`{name}()` must be called before the matching end function"),
                        Some((e, "end called here")),
                    );
                }
                begin.get_or_insert(span);
            } else if name.starts_with("end") && name.contains("InvocationInterlock") {
                if let Some(p) = end {
                    self.push_with_note(
                        "interlock-order",
                        span,
                        format!("`{name}()` can be called only once"),
                        Some((p, "first call")),
                    );
                } else if begin.is_none() {
                    self.error(
                        "interlock-order",
                        span,
                        format!("`{name}()` must come after the matching begin function"),
                    );
                }
                end.get_or_insert(span);
            } else if name == "EmitStreamVertex" || name == "EndStreamPrimitive" {
                let arg = match &self.m.expr(site.expr).kind {
                    ExprKind::Builtin(_, args) => args.first().copied(),
                    _ => None,
                };
                if let Some(a) = arg {
                    if let Some(k) = self.const_index(a) {
                        let max = self.builtin_const("gl_MaxVertexStreams").unwrap_or(4);
                        if k < 0 || k >= max {
                            let s = self.espan(a);
                            self.error(
                                "stream-range",
                                s,
                                format!("stream {k} is out of range: there are gl_MaxVertexStreams ({max}) streams"),
                            );
                        }
                    }
                }
            }
        }
    }

    fn flow_stmt(&self, s: StmtId, f: &mut Flow, out: &mut Vec<CallSite>) {
        match &self.m.stmt(s).kind {
            StmtKind::Block(items) => {
                for i in items {
                    self.flow_stmt(*i, f, out);
                }
            }
            StmtKind::Expr(e) => self.flow_expr(*e, f, out),
            StmtKind::Decl(vars) => {
                for v in vars {
                    if let Some(init) = self.m.var(*v).init {
                        self.flow_expr(init, f, out);
                    }
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.flow_expr(*cond, f, out);
                f.depth += 1;
                self.flow_stmt(*then_branch, f, out);
                if let Some(e) = else_branch {
                    self.flow_stmt(*e, f, out);
                }
                f.depth -= 1;
            }
            StmtKind::Switch { selector, body } => {
                self.flow_expr(*selector, f, out);
                f.depth += 1;
                for i in body {
                    self.flow_stmt(*i, f, out);
                }
                f.depth -= 1;
            }
            StmtKind::While {
                cond_var,
                cond,
                body,
            } => {
                f.depth += 1;
                if let Some(init) = cond_var.and_then(|v| self.m.var(v).init) {
                    self.flow_expr(init, f, out);
                }
                self.flow_expr(*cond, f, out);
                self.flow_stmt(*body, f, out);
                f.depth -= 1;
            }
            StmtKind::DoWhile { body, cond } => {
                f.depth += 1;
                self.flow_stmt(*body, f, out);
                self.flow_expr(*cond, f, out);
                f.depth -= 1;
            }
            StmtKind::For {
                init,
                cond_var,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.flow_stmt(*i, f, out);
                }
                f.depth += 1;
                if let Some(init) = cond_var.and_then(|v| self.m.var(v).init) {
                    self.flow_expr(init, f, out);
                }
                if let Some(c) = cond {
                    self.flow_expr(*c, f, out);
                }
                self.flow_stmt(*body, f, out);
                if let Some(s) = step {
                    self.flow_expr(*s, f, out);
                }
                f.depth -= 1;
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.flow_expr(*e, f, out);
                }
                f.after_return = true;
            }
            _ => {}
        }
    }

    fn flow_expr(&self, e: ExprId, f: &mut Flow, out: &mut Vec<CallSite>) {
        match &self.m.expr(e).kind {
            ExprKind::Builtin(r, args) => {
                for a in args {
                    self.flow_expr(*a, f, out);
                }
                if placement_restricted(r.name) {
                    out.push(CallSite {
                        name: r.name,
                        expr: e,
                        in_main: f.in_main,
                        in_flow: f.depth > 0,
                        after_return: f.after_return,
                    });
                }
            }
            ExprKind::Unary(_, a)
            | ExprKind::Convert(a)
            | ExprKind::ArrayLength(a)
            | ExprKind::Member(a, _)
            | ExprKind::Swizzle(a, _) => self.flow_expr(*a, f, out),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.flow_expr(*a, f, out);
                self.flow_expr(*b, f, out);
            }
            ExprKind::Assign { lhs, rhs, .. } => {
                self.flow_expr(*lhs, f, out);
                self.flow_expr(*rhs, f, out);
            }
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => {
                self.flow_expr(*cond, f, out);
                f.depth += 1;
                self.flow_expr(*then_expr, f, out);
                self.flow_expr(*else_expr, f, out);
                f.depth -= 1;
            }
            ExprKind::SubroutineCall(callee, items) => {
                self.flow_expr(*callee, f, out);
                for a in items {
                    self.flow_expr(*a, f, out);
                }
            }
            ExprKind::Comma(items) | ExprKind::Call(_, items) | ExprKind::Construct(_, items) => {
                for a in items {
                    self.flow_expr(*a, f, out);
                }
            }
            ExprKind::Var(_) | ExprKind::Const(_) | ExprKind::StrLit(_) | ExprKind::Error => {}
        }
    }

    /// The first argument of `interpolateAt*()` must be a shader input: a variable, an array
    /// element or (desktop) a block or structure member of one; swizzles only from GLSL 4.40.
    fn finish_interpolants(&mut self) {
        // No walk when no expression calls one (performance).
        if !self.builtin_calls.interpolant {
            return;
        }
        let mut errors = Vec::new();
        for e in &self.m.exprs {
            let ExprKind::Builtin(r, args) = &e.kind else {
                continue;
            };
            if !r.name.starts_with("interpolateAt") {
                continue;
            }
            let Some(&arg) = args.first() else { continue };
            let mut x = arg;
            if let ExprKind::Swizzle(b, _) = &self.m.expr(x).kind {
                if self.is_es() || !self.at_least(440, 0) {
                    errors.push((
                        self.espan(arg),
                        format!(
                            "the interpolant of `{}` cannot be swizzled {}",
                            r.name,
                            if self.is_es() {
                                "in GLSL ES"
                            } else {
                                "before GLSL 4.40"
                            }
                        ),
                    ));
                    continue;
                }
                x = *b;
            }
            loop {
                match &self.m.expr(x).kind {
                    ExprKind::Index(b, _) => x = *b,
                    ExprKind::Member(b, _) if !self.is_es() => x = *b,
                    _ => break,
                }
            }
            let ok = matches!(self.m.expr(x).kind, ExprKind::Var(v) if self.m.var(v).storage == Storage::In);
            if !ok && !self.m.types.is_error(self.ety(arg)) {
                let extra = if self.is_es() && matches!(self.m.expr(x).kind, ExprKind::Member(..)) {
                    " (in GLSL ES, not a member of a structure or named block)"
                } else {
                    ""
                };
                errors.push((
                    self.espan(arg),
                    format!("the first argument of `{}` must be a shader input or an element of one{extra}", r.name),
                ));
            }
        }
        for (s, m) in errors {
            self.error("interpolant", s, m);
        }
    }
}

/// The interface block declared at `span` (blocks are declared only at global scope).
fn find_block(tu: &ast::TranslationUnit, span: Span) -> Option<&ast::Block> {
    tu.decls.iter().find_map(|d| match d {
        ast::ExternalDecl::Decl(d) if d.span == span => match &d.kind {
            ast::DeclKind::Block(b) => Some(b),
            _ => None,
        },
        _ => None,
    })
}
