//! Layout qualifiers: which `layout(...)` names and values are valid where, per storage,
//! stage, version and extension, and how they combine (location/component overlaps, offset
//! and align rules of buffer blocks, transform feedback, stage layouts that must agree).
//!
//! Called from `decl.rs`:
//! * [`Checker::check_layout_qualifiers`] for every qualifier list (syntax-level rules: how
//!   many `layout(...)` groups, repeated names, literal values, value ranges),
//! * [`Checker::validate_var_layout`] for each global variable,
//! * [`Checker::validate_block_layout`] for each interface block (with its members),
//! * [`Checker::validate_stage_layout`] for qualifier-only declarations (`layout(...) in;`),
//! * [`Checker::validate_builtin_redeclaration_layout`] when a built-in variable is redeclared
//!   (`layout(origin_upper_left) in vec4 gl_FragCoord;`),
//! * [`Checker::finish_layout`] at the end of the shader.
//!
//! Diagnostic codes: `layout-unavailable` (version or extension missing), `layout-misplaced`
//! (not allowed on this kind of declaration, storage or stage), `layout-value` (a bad value),
//! `layout-type` (does not fit the declared type), `layout-conflict` (disagrees with another
//! declaration), `layout-overlap` (locations, offsets or counters that collide),
//! `layout-required` (a qualifier the declaration must have), `layout-duplicate` (repetition
//! the version does not allow).

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use fresnel_syntax::ast::{self, QualifierKind};
use fresnel_syntax::diag::Diagnostic;
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::keywords::Keyword;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::Stage;

use super::decl::{QualCtx, Quals, StorageKw};
use super::{Binding, Checker};
use crate::builtin_types::{Dim, OpaqueKind, Scalar};
use crate::constant::ConstValue;
use crate::hir::{Interp, LayoutEntry, Storage, VarId};
use crate::memory_layout::{round_up, scalar_bytes, std_layout, Packing};
use crate::types::{ids, ArraySize, Member, StructKind, Type, TypeId, TypeTable};

/// What layout checking remembers across declarations.
#[derive(Debug, Default)]
pub(crate) struct LayoutState {
    /// `layout(std140) uniform;` and friends: the default packing and matrix order.
    uniform_packing: Option<Packing>,
    uniform_row_major: Option<bool>,
    buffer_packing: Option<Packing>,
    buffer_row_major: Option<bool>,
    /// `layout(xfb_buffer = N) out;` and `layout(stream = N) out;`.
    xfb_default_buffer: Option<i64>,
    stream_default: Option<i64>,
    /// Explicit strides per transform feedback buffer: (buffer, stride, where).
    xfb_strides: Vec<(i64, i64, Span)>,
    /// Captured ranges: (buffer, first byte, end, size of the widest component, where).
    xfb_captures: Vec<(i64, u64, u64, u64, Span)>,
    /// Explicit locations in use.
    locations: Vec<LocUse>,
    /// The layout entries of global declarations, by the span of their qualifiers (to find
    /// the `layout(binding = N, offset = M) uniform atomic_uint;` defaults at the end).
    global_layouts: FxHashMap<Span, Vec<LayoutEntry>>,
    /// The array dimensions of each block instance, by declaration span (built on first use).
    block_dims: Option<FxHashMap<Span, usize>>,
    /// Stage layouts that must agree wherever they are declared.
    geom_in_prim: Option<(String, Span)>,
    out_prim: Option<(String, Span)>,
    tes_prim: Option<(String, Span)>,
    tes_spacing: Option<(String, Span)>,
    tes_order: Option<(String, Span)>,
    max_vertices: Option<(i64, Span)>,
    max_primitives: Option<(i64, Span)>,
    invocations: Option<(i64, Span)>,
    vertices: Option<(i64, Span)>,
    num_views: Option<(i64, Span)>,
    local_size: [Option<(i64, Span)>; 3],
    local_size_id: [Option<(i64, Span)>; 3],
    local_size_variable: Option<Span>,
    /// The first declaration giving a fixed work-group size.
    local_size_decl: Option<Span>,
    derivative_quads: Option<Span>,
    derivative_linear: Option<Span>,
    early_fragment_tests: Option<Span>,
    /// The first redeclaration of gl_FragCoord: (origin_upper_left, pixel_center_integer).
    frag_coord: Option<(bool, bool, Span)>,
    /// The first redeclaration of gl_FragDepth: its depth layout.
    frag_depth: Option<(Option<String>, Span)>,
    /// Push-constant blocks declared so far: (bank, where) (issue 5, helper B).
    push_constant_blocks: Vec<(i64, Span)>,
}

/// How many locations, captures or counters are tracked for overlaps (they are compared
/// pairwise).
const MAX_TRACKED: usize = 4096;

/// An explicit location in use by an input, output or uniform.
#[derive(Clone, Debug)]
struct LocUse {
    /// 0 inputs, 1 outputs, 2 uniforms.
    set: u8,
    start: u64,
    end: u64,
    /// The components used in each location of one element (a dvec3 uses all of its first
    /// location and two components of the second); the pattern repeats over arrays.
    masks: Vec<u8>,
    index: i64,
    /// The numeric kind: (float?, bits).
    kind: Option<(bool, u32)>,
    interp: Option<Interp>,
    aux: (bool, bool, bool),
    name: String,
    span: Span,
}

/// One layout entry with its name as text.
#[derive(Clone, Debug)]
struct Ent {
    name: EntName,
    value: Option<i64>,
    span: Span,
}

/// A layout name's text, stored inline when short, as layout names are (performance: the
/// entries are copied for every declaration checked, and a `String` each cost an allocation).
#[derive(Clone, Debug, PartialEq, Eq)]
struct EntName(SmallVec<[u8; 32]>);

impl EntName {
    fn new(s: &str) -> EntName {
        EntName(SmallVec::from_slice(s.as_bytes()))
    }

    fn as_str(&self) -> &str {
        // Always valid: made from a `&str`.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl std::ops::Deref for EntName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for EntName {
    fn eq(&self, other: &str) -> bool {
        self.0.as_slice() == other.as_bytes()
    }
}

impl PartialEq<&str> for EntName {
    fn eq(&self, other: &&str) -> bool {
        self.0.as_slice() == other.as_bytes()
    }
}

impl std::fmt::Display for EntName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

fn last<'a>(es: &'a [Ent], name: &str) -> Option<&'a Ent> {
    es.iter().rev().find(|e| e.name == name)
}

fn has(es: &[Ent], name: &str) -> bool {
    es.iter().any(|e| e.name == name)
}

fn is_matrix_order(n: &str) -> bool {
    matches!(n, "row_major" | "column_major")
}

/// Image format classes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum FormatClass {
    Float,
    Int,
    Uint,
}

/// The class of an image format qualifier and whether GLSL ES has it without
/// GL_NV_image_formats.
fn image_format(n: &str) -> Option<(FormatClass, bool)> {
    use FormatClass::*;
    Some(match n {
        "rgba32f" | "rgba16f" | "r32f" | "rgba8" | "rgba8_snorm" => (Float, true),
        "rg32f" | "rg16f" | "r11f_g11f_b10f" | "r16f" | "rgba16" | "rgb10_a2" | "rg16" | "rg8"
        | "r16" | "r8" | "rgba16_snorm" | "rg16_snorm" | "rg8_snorm" | "r16_snorm" | "r8_snorm" => {
            (Float, false)
        }
        "rgba32i" | "rgba16i" | "rgba8i" | "r32i" => (Int, true),
        "rg32i" | "rg16i" | "rg8i" | "r16i" | "r8i" | "r64i" => (Int, false),
        "rgba32ui" | "rgba16ui" | "rgba8ui" | "r32ui" => (Uint, true),
        "rgb10_a2ui" | "rg32ui" | "rg16ui" | "rg8ui" | "r16ui" | "r8ui" | "r64ui" => (Uint, false),
        _ => return None,
    })
}

fn is_geometry_in_prim(n: &str) -> bool {
    matches!(
        n,
        "points" | "lines" | "lines_adjacency" | "triangles" | "triangles_adjacency"
    )
}

fn is_tes_prim(n: &str) -> bool {
    matches!(n, "triangles" | "quads" | "isolines")
}

fn is_spacing(n: &str) -> bool {
    matches!(
        n,
        "equal_spacing" | "fractional_even_spacing" | "fractional_odd_spacing"
    )
}

fn is_depth_layout(n: &str) -> bool {
    matches!(
        n,
        "depth_any" | "depth_greater" | "depth_less" | "depth_unchanged"
    )
}

fn is_interlock(n: &str) -> bool {
    matches!(
        n,
        "pixel_interlock_ordered"
            | "pixel_interlock_unordered"
            | "sample_interlock_ordered"
            | "sample_interlock_unordered"
            | "shading_rate_interlock_ordered"
            | "shading_rate_interlock_unordered"
    )
}

fn is_derivative_group(n: &str) -> bool {
    n.starts_with("derivative_group_")
}

/// Layout names that belong only to qualifier-only declarations (`layout(...) in;`).
fn is_stage_only(n: &str) -> bool {
    is_geometry_in_prim(n)
        || is_tes_prim(n)
        || is_spacing(n)
        || is_interlock(n)
        || is_derivative_group(n)
        || n.starts_with("blend_support_")
        || matches!(
            n,
            "line_strip"
                | "triangle_strip"
                | "cw"
                | "ccw"
                | "point_mode"
                | "max_vertices"
                | "max_primitives"
                | "invocations"
                | "vertices"
                | "local_size_x"
                | "local_size_y"
                | "local_size_z"
                | "local_size_x_id"
                | "local_size_y_id"
                | "local_size_z_id"
                | "local_size_variable"
                | "early_fragment_tests"
                | "early_and_late_fragment_tests_amd"
                | "post_depth_coverage"
                | "num_views"
        )
}

/// The standard names a GLSL ES shader must spell in lower case (ES layout names are case
/// sensitive; extension names with capitals are left alone).
fn is_core_name(n: &str) -> bool {
    is_stage_only(n)
        || image_format(n).is_some()
        || Packing::from_name(n).is_some()
        || is_matrix_order(n)
        || is_depth_layout(n)
        || matches!(
            n,
            "location"
                | "component"
                | "binding"
                | "set"
                | "offset"
                | "align"
                | "index"
                | "xfb_buffer"
                | "xfb_offset"
                | "xfb_stride"
                | "stream"
                | "origin_upper_left"
                | "pixel_center_integer"
                | "push_constant"
                | "input_attachment_index"
                | "constant_id"
        )
}

/// How many locations a type takes in a stage interface.
fn location_count(t: &TypeTable, ty: TypeId, one_per_vector: bool, depth: u32) -> u64 {
    if depth > 64 {
        return 1;
    }
    let wide = |s: Scalar, n: u8| s.bits() == 64 && n > 2 && !one_per_vector;
    match *t.get(ty) {
        Type::Array { elem, size } => {
            let n = match size {
                ArraySize::Fixed(n) => u64::from(n),
                ArraySize::Unsized => 1,
            };
            n.saturating_mul(location_count(t, elem, one_per_vector, depth + 1))
        }
        Type::Struct(sid) if depth > 0 && t.struct_def(sid).kind == StructKind::Block => 1,
        Type::Struct(sid) => t
            .struct_def(sid)
            .members
            .iter()
            .map(|m| location_count(t, m.ty, one_per_vector, depth + 1))
            .fold(0u64, |a, b| a.saturating_add(b)),
        Type::Matrix { scalar, cols, rows } => {
            u64::from(cols) * if wide(scalar, rows) { 2 } else { 1 }
        }
        Type::Vector(s, n) if wide(s, n) => 2,
        _ => 1,
    }
}

/// How many uniform locations a default-block uniform takes (one per leaf).
fn uniform_location_count(t: &TypeTable, ty: TypeId, depth: u32) -> u64 {
    if depth > 64 {
        return 1;
    }
    match *t.get(ty) {
        Type::Array { elem, size } => {
            let n = match size {
                ArraySize::Fixed(n) => u64::from(n),
                ArraySize::Unsized => 1,
            };
            n.saturating_mul(uniform_location_count(t, elem, depth + 1))
        }
        Type::Struct(sid) if depth > 0 && t.struct_def(sid).kind == StructKind::Block => 1,
        Type::Struct(sid) => t
            .struct_def(sid)
            .members
            .iter()
            .map(|m| uniform_location_count(t, m.ty, depth + 1))
            .fold(0u64, |a, b| a.saturating_add(b)),
        _ => 1,
    }
}

/// The size a type takes in a transform feedback buffer, and whether it has 64-bit, 32-bit
/// and 16-bit components.
fn xfb_size(t: &TypeTable, ty: TypeId, depth: u32) -> (u64, bool, bool, bool) {
    if depth > 64 {
        return (4, false, true, false);
    }
    let flags = |s: Scalar| (s.bits() == 64, s.bits() == 32, s.bits() == 16);
    match *t.get(ty) {
        Type::Scalar(s) => {
            let (a, b, c) = flags(s);
            (scalar_bytes(s), a, b, c)
        }
        Type::Vector(s, n) => {
            let (a, b, c) = flags(s);
            (scalar_bytes(s) * u64::from(n), a, b, c)
        }
        Type::Matrix { scalar, cols, rows } => {
            let (a, b, c) = flags(scalar);
            (
                scalar_bytes(scalar) * u64::from(cols) * u64::from(rows),
                a,
                b,
                c,
            )
        }
        Type::Array { elem, size } => {
            let n = match size {
                ArraySize::Fixed(n) => u64::from(n),
                ArraySize::Unsized => 1,
            };
            let (s, a, b, c) = xfb_size(t, elem, depth + 1);
            (s.saturating_mul(n), a, b, c)
        }
        Type::Struct(sid) if t.struct_def(sid).kind == StructKind::Block => (8, true, false, false),
        Type::Struct(sid) => {
            let mut total = (0u64, false, false, false);
            for m in &t.struct_def(sid).members {
                let (s, a, b, c) = xfb_size(t, m.ty, depth + 1);
                let align = if a {
                    8
                } else if b {
                    4
                } else if c {
                    2
                } else {
                    1
                };
                total.0 = round_up(total.0, align).saturating_add(s);
                total.1 |= a;
                total.2 |= b;
                total.3 |= c;
            }
            if total.1 {
                total.0 = round_up(total.0, 8);
            }
            total
        }
        _ => (4, false, true, false),
    }
}

fn contains_unsized(t: &TypeTable, ty: TypeId) -> bool {
    matches!(
        t.get(ty),
        Type::Array {
            size: ArraySize::Unsized,
            ..
        }
    )
}

/// The component masks of the locations one element of a type takes, starting at component
/// `comp` (see [`LocUse::masks`]).
fn component_masks(t: &TypeTable, ty: TypeId, comp: u32, one_per_vector: bool) -> Vec<u8> {
    let inner = t.innermost(ty);
    let span_mask = |lo: u32, n: u32| -> u8 {
        let hi = (lo + n).min(4);
        (lo.min(4)..hi).fold(0u8, |m, c| m | (1 << c))
    };
    let vector = |s: Scalar, n: u8| -> Vec<u8> {
        let w = u32::from(n) * if s.bits() == 64 { 2 } else { 1 };
        if w <= 4 || one_per_vector {
            vec![span_mask(comp, w.min(4))]
        } else {
            vec![0xF, span_mask(0, w - 4)]
        }
    };
    match *t.get(inner) {
        Type::Scalar(s) => vector(s, 1),
        Type::Vector(s, n) => vector(s, n),
        Type::Matrix { scalar, rows, .. } => {
            let col = vector(scalar, rows);
            if col.len() == 1 {
                vec![span_mask(
                    0,
                    u32::from(rows) * if scalar.bits() == 64 { 2 } else { 1 },
                )]
            } else {
                col
            }
        }
        _ => vec![0xF],
    }
}

/// The numeric kind of a type's components: (float?, bits). Signed and unsigned integers of
/// one width may share a location.
fn numeric_kind(t: &TypeTable, ty: TypeId) -> Option<(bool, u32)> {
    let s = t.scalar_of(t.innermost(ty))?;
    Some((s.is_float(), s.bits()))
}

fn stage_word(s: Option<Stage>) -> &'static str {
    s.map_or("this", |s| s.name())
}

fn storage_word(s: Storage) -> &'static str {
    match s {
        Storage::In => "inputs",
        Storage::Out => "outputs",
        Storage::Uniform => "uniforms",
        Storage::Buffer => "buffer variables",
        Storage::Shared => "shared variables",
        Storage::Const => "constants",
        Storage::Global => "global variables without a storage qualifier",
        Storage::Local => "local variables",
        Storage::Param(_) => "parameters",
        Storage::Ext(_) => "variables of this storage",
    }
}

impl Checker<'_> {
    // ---- helpers ----

    fn ents(&self, l: &[LayoutEntry]) -> SmallVec<[Ent; 4]> {
        l.iter()
            .map(|e| Ent {
                name: EntName::new(self.name(e.name)),
                value: e.value,
                span: e.span,
            })
            .collect()
    }

    /// Like [`Checker::require`], for a layout qualifier (code `layout-unavailable`).
    fn layout_require(&mut self, span: Span, what: &str, gl: u16, es: u16, exts: &[Ext]) -> bool {
        if self.version.at_least(gl, es) {
            return true;
        }
        if let Some(&e) = exts.iter().find(|&&e| self.exts.is_on(e)) {
            self.warn_extension_use(e, span, what);
            return true;
        }
        let mut need = Vec::new();
        if self.is_es() {
            if es != 0 {
                need.push(format!("GLSL ES {es}"));
            }
        } else if gl != 0 {
            need.push(format!("GLSL {gl}"));
        }
        for e in exts {
            if e.available_in(self.version) {
                need.push(e.name().to_string());
            }
        }
        let msg = if need.is_empty() {
            format!("{what} is not available in GLSL {}", self.version)
        } else {
            format!(
                "{what} needs {} (this is GLSL {})",
                need.join(" or "),
                self.version
            )
        };
        self.error("layout-unavailable", span, msg);
        false
    }

    /// The value of an integer built-in constant (`gl_MaxDrawBuffers`, ...).
    fn builtin_int(&mut self, name: &str) -> Option<i64> {
        let sym = self.interner.intern(name);
        match self.scopes.first().and_then(|s| s.names.get(&sym)).copied() {
            Some(Binding::Var(v)) => self.m.var(v).constant.as_ref().and_then(|c| c.to_i64()),
            Some(_) => None,
            None => match self.undeclared_builtin_int(name)? {
                [x] => Some(*x),
                _ => None,
            },
        }
    }

    fn misplaced(&mut self, e: &Ent, msg: impl Into<String>) {
        self.error("layout-misplaced", e.span, msg);
    }

    fn relaxed_layout_repetition(&self) -> bool {
        self.at_least(420, 310)
            || self.any_ext(&[Ext::ARB_shading_language_420pack, Ext::ARB_enhanced_layouts])
    }

    fn enhanced_layouts(&self) -> bool {
        self.at_least(440, 0) || self.ext_on(Ext::ARB_enhanced_layouts)
    }

    /// Whether per-vertex interface arrays of this storage carry an extra outer array level.
    fn arrayed_io(&self, storage: Storage, patch: bool) -> bool {
        if patch {
            return false;
        }
        matches!(
            (self.stage, storage),
            (Some(Stage::Geometry | Stage::TessEval), Storage::In)
                | (Some(Stage::TessControl), Storage::In | Storage::Out)
                | (Some(Stage::Mesh), Storage::Out)
        )
    }

    /// How many outer array levels of an input or output do not count for locations: the
    /// per-vertex level of arrayed interfaces, and the extra levels of `pervertexNV`/`EXT`
    /// fragment inputs and `perviewNV` mesh outputs.
    fn io_array_levels(&self, storage: Storage, quals: &crate::hir::VarQuals) -> usize {
        let mut n = usize::from(self.arrayed_io(storage, quals.patch));
        for s in &quals.ext {
            if matches!(self.name(*s), "pervertexNV" | "pervertexEXT" | "perviewNV") {
                n += 1;
            }
        }
        n
    }

    fn is_xfb_stage(&self) -> bool {
        matches!(
            self.stage,
            None | Some(Stage::Vertex | Stage::TessControl | Stage::TessEval | Stage::Geometry)
        )
    }

    // ---- every qualifier list ----

    /// Syntax-level rules of a qualifier list: how many `layout(...)` groups and repeated
    /// names the version allows, literal values before GLSL 4.40, value ranges, and layouts
    /// where none can appear (locals, functions).
    pub(crate) fn check_layout_qualifiers(
        &mut self,
        q: &ast::Qualifiers,
        out: &Quals,
        ctx: QualCtx,
    ) {
        if self.builtin_mode || self.in_builtin_tu {
            return;
        }
        // The `layout(...)` groups, without collecting them (performance).
        let groups = || {
            q.items.iter().filter_map(|i| match &i.kind {
                QualifierKind::Layout(ids) => Some((ids.as_slice(), i.span)),
                _ => None,
            })
        };
        let Some(_) = groups().next() else {
            return;
        };
        let relaxed = self.relaxed_layout_repetition();
        if let (Some((_, span)), false) = (groups().nth(1), relaxed) {
            self.layout_require(
                span,
                "more than one layout qualifier in a declaration",
                420,
                310,
                &[Ext::ARB_shading_language_420pack],
            );
        }
        let tu = self.ast();
        let literal_only = !self.enhanced_layouts();
        for (ids, _) in groups() {
            // The names met so far; compared ignoring case, without copies (performance).
            let mut seen: SmallVec<[Symbol; 8]> = SmallVec::new();
            for id in ids.iter() {
                // GLSL ES 3.00: "When the same layout-qualifier-name occurs multiple times, in
                // a single declaration, the last occurrence overrides the former".
                if !relaxed && !self.at_least(0, 300) && {
                    let raw = self.name(id.name);
                    seen.iter().any(|s| self.name(*s).eq_ignore_ascii_case(raw))
                } {
                    let lower = self.name(id.name).to_ascii_lowercase();
                    self.error(
                        "layout-duplicate",
                        id.span,
                        format!(
                            "layout qualifier `{lower}` appears twice; repeating a layout qualifier needs GLSL 4.20 or GL_ARB_shading_language_420pack (this is GLSL {})",
                            self.version
                        ),
                    );
                }
                seen.push(id.name);
                // Constant expressions as values: GLSL 4.40 / GL_ARB_enhanced_layouts; GLSL ES
                // takes integer literals only.
                if let Some(v) = id.value {
                    let is_lit = matches!(tu.expr(v).kind, ast::ExprKind::IntLit(_));
                    let evaluated = out
                        .quals
                        .layout
                        .iter()
                        .any(|e| e.span == id.span && e.value.is_some());
                    if !is_lit && evaluated && (literal_only || self.is_es()) {
                        let lower = self.name(id.name).to_ascii_lowercase();
                        let msg = if self.is_es() {
                            format!("the value of layout qualifier `{lower}` must be an integer literal in GLSL ES")
                        } else {
                            format!(
                                "the value of layout qualifier `{lower}` must be an integer literal; constant expressions need GLSL 4.40 or GL_ARB_enhanced_layouts (this is GLSL {})",
                                self.version
                            )
                        };
                        self.error("layout-value", id.span, msg);
                    }
                }
            }
        }
        // Value ranges.
        for e in self.ents(&out.quals.layout) {
            if e.name == "stream" && self.is_es() {
                self.error(
                    "layout-unavailable",
                    e.span,
                    "layout qualifier `stream` is not available in GLSL ES (GLSL ES has one vertex stream)",
                );
            }
            let Some(v) = e.value else { continue };
            let n = e.name.as_str();
            let positive = matches!(
                n,
                "local_size_x"
                    | "local_size_y"
                    | "local_size_z"
                    | "invocations"
                    | "vertices"
                    | "num_views"
                    | "descriptor_size"
            );
            let non_negative = matches!(
                n,
                "xfb_buffer"
                    | "xfb_offset"
                    | "xfb_stride"
                    | "stream"
                    | "max_vertices"
                    | "max_primitives"
                    | "input_attachment_index"
                    | "constant_id"
                    | "local_size_x_id"
                    | "local_size_y_id"
                    | "local_size_z_id"
            );
            if positive && v <= 0 {
                self.error(
                    "layout-value",
                    e.span,
                    format!("layout qualifier `{n}` must be greater than zero (found {v})"),
                );
            } else if non_negative && v < 0 {
                self.error(
                    "layout-value",
                    e.span,
                    format!("layout qualifier `{n}` must not be negative (found {v})"),
                );
            } else if n == "descriptor_stride" && (v <= 0 || v & (v - 1) != 0) {
                self.error(
                    "layout-value",
                    e.span,
                    format!("`descriptor_stride` must be a power of two (found {v})"),
                );
            } else if (n == "align" || n == "buffer_reference_align")
                && (v <= 0 || v & (v - 1) != 0)
            {
                self.error(
                    "layout-value",
                    e.span,
                    format!("`{n}` must be a power of two (found {v})"),
                );
            }
        }
        if let Some(e) = out
            .quals
            .layout
            .iter()
            .find(|e| self.name(e.name) == "descriptor_stride")
        {
            let has_heap = out
                .quals
                .layout
                .iter()
                .any(|e| self.name(e.name) == "descriptor_heap");
            if !has_heap {
                self.error(
                    "layout-required",
                    e.span,
                    "`descriptor_stride` needs `descriptor_heap` in the same declaration",
                );
            }
        }
        // GL_EXT_structured_descriptor_heap: `descriptor_size` is for members of heap blocks.
        if let Some(e) = out
            .quals
            .layout
            .iter()
            .find(|e| self.name(e.name) == "descriptor_size")
        {
            let heap_member = ctx == QualCtx::BlockMember
                && matches!(self.block_storage, Some(super::decl::StorageKw::Ext(s))
                    if matches!(self.name(s), "resourceheap" | "samplerheap"));
            if !heap_member {
                self.error(
                    "layout-placement",
                    e.span,
                    "`descriptor_size` applies only to members of `resourceheap` and `samplerheap` blocks",
                );
            }
        }
        if ctx == QualCtx::Global {
            self.layout_state
                .global_layouts
                .insert(q.span, out.quals.layout.clone());
        }
        match ctx {
            QualCtx::Local => {
                if let Some((ids, _)) = groups().next() {
                    if let Some(id) = ids.first() {
                        self.error(
                            "layout-misplaced",
                            id.span,
                            "layout qualifiers cannot be used on local variables",
                        );
                    }
                }
            }
            QualCtx::FunctionReturn => {
                for e in self.ents(&out.quals.layout) {
                    if e.name == "index" && out.subroutine.is_some() {
                        self.layout_require(
                            e.span,
                            "`index` on subroutine functions",
                            430,
                            0,
                            &[Ext::ARB_explicit_uniform_location],
                        );
                    } else {
                        self.misplaced(
                            &e,
                            format!(
                                "layout qualifier `{}` cannot be used on a function (only `index` on subroutine functions)",
                                e.name
                            ),
                        );
                    }
                }
            }
            _ => {}
        }
    }

    // ---- global variables ----

    /// A global variable has been declared (its type and qualifiers are final).
    pub(crate) fn validate_var_layout(&mut self, var: VarId, q: &Quals) {
        let v = self.m.var(var);
        if v.builtin {
            return;
        }
        let (storage, ty) = (v.storage, v.ty);
        let var_name = self.name(v.name).to_string();
        let quals = v.quals.clone();
        let es = self.ents(&q.quals.layout);
        let kw = q.storage.map(|(k, _)| k);
        let inner = self.m.types.innermost(ty);
        let is_image =
            matches!(self.m.types.get(inner), Type::Opaque(o) if o.kind == OpaqueKind::Image);
        let is_atomic = matches!(self.m.types.get(inner), Type::AtomicUint);
        let is_opaque = self.m.types.contains_opaque(inner)
            || matches!(self.m.types.get(inner), Type::ExtOpaque(_));
        let is_subpass =
            matches!(self.m.types.get(inner), Type::Opaque(o) if o.dim == Dim::Subpass);
        let ext_storage = matches!(storage, Storage::Ext(_));
        let io = matches!(storage, Storage::In | Storage::Out);
        let old_kw = matches!(kw, Some(StorageKw::Attribute | StorageKw::Varying));

        for e in &es {
            let n = e.name.as_str();
            if Packing::from_name(n).is_some() || is_matrix_order(n) {
                self.misplaced(
                    e,
                    format!("`{n}` can be used only on uniform and buffer blocks (or `layout({n}) uniform;`), not on a variable"),
                );
            } else if n == "binding" {
                let exts: &[Ext] = if is_atomic {
                    &[
                        Ext::ARB_shading_language_420pack,
                        Ext::ARB_shader_atomic_counters,
                    ]
                } else if is_image {
                    &[
                        Ext::ARB_shading_language_420pack,
                        Ext::ARB_shader_image_load_store,
                    ]
                } else {
                    &[Ext::ARB_shading_language_420pack]
                };
                self.layout_require(e.span, "layout qualifier `binding`", 420, 310, exts);
                if !matches!(storage, Storage::Uniform | Storage::Buffer) && !ext_storage {
                    self.misplaced(
                        e,
                        format!(
                            "`binding` applies only to uniforms, not to {}",
                            storage_word(storage)
                        ),
                    );
                } else if !is_opaque && !ext_storage && !self.m.types.is_error(inner) {
                    self.error(
                        "layout-type",
                        e.span,
                        format!(
                            "`binding` needs a block, or a sampler, image or atomic counter type; `{var_name}` has type `{}`",
                            self.ty_name(ty)
                        ),
                    );
                }
            } else if n == "location" {
                if old_kw {
                    self.misplaced(e, "`location` cannot be used with `attribute` or `varying` (use `in` or `out`)");
                    continue;
                }
                match storage {
                    Storage::In | Storage::Out => self.require_io_location(e, storage, false),
                    Storage::Uniform | Storage::Buffer => {
                        self.layout_require(
                            e.span,
                            "`location` on uniforms",
                            430,
                            310,
                            &[Ext::ARB_explicit_uniform_location],
                        );
                        if is_atomic {
                            self.misplaced(e, "`location` cannot be used on atomic counters");
                        }
                    }
                    Storage::Ext(_) => {}
                    // `spirv_storage_class(...)` variables have no storage the checker knows.
                    Storage::Global if self.ext_on(Ext::EXT_spirv_intrinsics) => {}
                    _ => self.misplaced(
                        e,
                        format!(
                            "`location` applies only to inputs, outputs and uniforms, not to {}",
                            storage_word(storage)
                        ),
                    ),
                }
            } else if n == "component" {
                self.layout_require(
                    e.span,
                    "layout qualifier `component`",
                    440,
                    0,
                    &[Ext::ARB_enhanced_layouts],
                );
                if !io {
                    self.misplaced(
                        e,
                        format!(
                            "`component` applies only to inputs and outputs, not to {}",
                            storage_word(storage)
                        ),
                    );
                } else if !has(&es, "location") {
                    self.error(
                        "layout-required",
                        e.span,
                        "`component` needs a `location` in the same declaration",
                    );
                } else {
                    self.check_component(e, inner);
                }
            } else if n == "index" {
                if storage != Storage::Out || self.stage.is_some_and(|s| s != Stage::Fragment) {
                    self.misplaced(e, "`index` applies only to fragment shader outputs");
                    continue;
                }
                if self.is_es() {
                    self.layout_require(
                        e.span,
                        "layout qualifier `index`",
                        0,
                        0,
                        &[Ext::EXT_blend_func_extended],
                    );
                } else {
                    self.layout_require(
                        e.span,
                        "layout qualifier `index`",
                        330,
                        0,
                        &[
                            Ext::ARB_explicit_attrib_location,
                            Ext::ARB_separate_shader_objects,
                        ],
                    );
                }
                if !has(&es, "location") {
                    self.error(
                        "layout-required",
                        e.span,
                        "`index` needs a `location` in the same declaration",
                    );
                }
                if let Some(v) = e.value.filter(|v| *v > 1) {
                    self.error(
                        "layout-value",
                        e.span,
                        format!(
                            "the `index` of a fragment shader output must be 0 or 1 (found {v})"
                        ),
                    );
                }
            } else if n == "offset" {
                if !is_atomic || storage != Storage::Uniform {
                    self.misplaced(
                        e,
                        "`offset` can be used only on atomic counters and block members",
                    );
                    continue;
                }
                self.layout_require(
                    e.span,
                    "`offset` on atomic counters",
                    420,
                    310,
                    &[Ext::ARB_shader_atomic_counters],
                );
            } else if n == "align" {
                self.misplaced(
                    e,
                    "`align` can be used only on uniform and buffer blocks and their members",
                );
            } else if n.starts_with("xfb_") {
                self.xfb_var_entry(e, storage);
            } else if n == "stream" {
                if storage != Storage::Out || self.stage.is_some_and(|s| s != Stage::Geometry) {
                    self.misplaced(e, "`stream` applies only to geometry shader outputs");
                } else {
                    self.check_stream_value(e);
                }
            } else if matches!(
                n,
                "bindless_sampler" | "bound_sampler" | "bindless_image" | "bound_image"
            ) {
                // ARB_bindless_texture: "If these layout qualifiers are applied to other types
                // of default block uniforms, or variables with non-uniform storage, a
                // compile-time error will be generated."
                let fits = if n.ends_with("image") {
                    is_image
                } else {
                    matches!(self.m.types.get(inner), Type::Opaque(o) if o.kind == OpaqueKind::Sampler)
                };
                if storage != Storage::Uniform || !fits {
                    let what = if n.ends_with("image") {
                        "images"
                    } else {
                        "samplers"
                    };
                    self.misplaced(
                        e,
                        format!(
                            "`{n}` applies only to uniform {what} (and `layout({n}) uniform;`)"
                        ),
                    );
                }
            } else if n == "origin_upper_left" || n == "pixel_center_integer" {
                self.misplaced(
                    e,
                    format!("`{n}` can be used only when redeclaring `gl_FragCoord`"),
                );
            } else if is_depth_layout(n) {
                self.misplaced(
                    e,
                    format!("`{n}` can be used only when redeclaring `gl_FragDepth`"),
                );
            } else if let Some((class, es_ok)) = image_format(n) {
                self.check_image_format(e, class, es_ok, inner, &quals, &var_name);
            } else if n == "input_attachment_index" {
                if !is_subpass {
                    self.error(
                        "layout-type",
                        e.span,
                        "`input_attachment_index` can be used only on subpass inputs",
                    );
                }
            } else if matches!(
                n,
                "push_constant" | "shaderrecordnv" | "shaderrecordext" | "buffer_reference"
            ) {
                self.misplaced(e, format!("`{n}` can be used only on a block"));
            } else if n == "constant_id" {
                let scalar = matches!(
                    self.m.types.get(ty),
                    Type::Scalar(_) | Type::ExtOpaque(_) | Type::Error
                );
                if storage != Storage::Const || !scalar {
                    self.misplaced(e, "`constant_id` can be used only on `const` scalars");
                }
            } else if n == "descriptor_heap" {
                if !self.m.types.is_array(ty) {
                    self.error(
                        "layout-type",
                        e.span,
                        format!("`descriptor_heap` variables must be arrays; `{var_name}` is not"),
                    );
                } else if matches!(self.m.types.get(inner), Type::Opaque(o) if o.kind == OpaqueKind::Sampler)
                {
                    self.error(
                        "layout-type",
                        e.span,
                        "`descriptor_heap` cannot be used with combined image samplers",
                    );
                }
            } else if n == "yuv" {
                if storage == Storage::Out && self.stage == Some(Stage::Fragment) {
                    if has(&es, "location") {
                        self.misplaced(e, "`yuv` cannot be combined with other layout qualifiers such as `location`");
                    }
                } else {
                    self.misplaced(e, "`yuv` applies only to fragment shader outputs");
                }
            } else if is_stage_only(n) {
                let st = match n {
                    "max_vertices" | "vertices" | "line_strip" | "triangle_strip"
                    | "max_primitives" => "out",
                    n if n.starts_with("blend_support_") => "out",
                    _ => "in",
                };
                self.misplaced(
                    e,
                    format!("`{n}` can be used only in a declaration without variables (`layout({n}) {st};`)"),
                );
            }
        }

        // Requirements that hold without any layout.
        if is_image && storage == Storage::Uniform && !self.bindless() {
            let has_format = es.iter().any(|e| image_format(&e.name).is_some());
            if !has_format && !quals.memory.writeonly {
                if self.is_es() {
                    self.error(
                        "layout-required",
                        q.span,
                        format!("image `{var_name}` needs a format layout qualifier unless it is `writeonly` (GLSL ES)"),
                    );
                } else if !self.ext_on(Ext::EXT_shader_image_load_formatted) && !self.vulkan() {
                    self.error(
                        "layout-required",
                        q.span,
                        format!(
                            "image `{var_name}` needs a format layout qualifier unless it is `writeonly` (or GL_EXT_shader_image_load_formatted is enabled)"
                        ),
                    );
                }
            }
        }
        let optional_index =
            self.ext_on(Ext::EXT_optional_input_attachment_index) && !self.m.types.is_array(ty);
        if is_subpass && !has(&es, "input_attachment_index") && !optional_index {
            self.error(
                "layout-required",
                q.span,
                format!(
                    "subpass input `{var_name}` needs an `input_attachment_index` layout qualifier"
                ),
            );
        }
        if is_atomic && storage == Storage::Uniform {
            self.check_atomic_counter(&es, q.span);
        }
        if let Some(loc) = last(&es, "location").and_then(|e| e.value) {
            if loc >= 0 {
                self.register_var_location(storage, ty, &es, loc, &quals, &var_name);
            }
        }
        if storage == Storage::Out {
            self.register_xfb(&es, ty, None);
        }
    }

    /// Version rules of `location` on inputs and outputs (variables and blocks).
    fn require_io_location(&mut self, e: &Ent, storage: Storage, block: bool) {
        let stage = self.stage;
        let sso: &[Ext] = &[
            Ext::ARB_separate_shader_objects,
            Ext::EXT_separate_shader_objects,
        ];
        let attrib: &[Ext] = &[
            Ext::ARB_explicit_attrib_location,
            Ext::ARB_separate_shader_objects,
        ];
        let (what, first_stage) = match storage {
            Storage::In => ("inputs", stage == Some(Stage::Vertex)),
            _ => ("outputs", stage == Some(Stage::Fragment)),
        };
        if stage == Some(Stage::Compute) {
            self.misplaced(e, "compute shaders have no inputs or outputs to locate");
            return;
        }
        // GL_KHR_vulkan_glsl: "When generating SPIR-V, all in and out qualified user-declared
        // (non built-in) variables and blocks (or all their members) must have a
        // shader-specified location", so every version Vulkan takes (GLSL 1.40 on) allows it.
        if self.vulkan() && !self.is_es() {
            return;
        }
        let (gl, es, exts) = if first_stage || stage.is_none() {
            (330, 300, attrib)
        } else {
            (410, 310, sso)
        };
        // The description is formatted only when the version does not suffice (performance).
        if !self.version.at_least(gl, es) {
            let what = format!("`location` on {} shader {what}", stage_word(stage));
            self.layout_require(e.span, &what, gl, es, exts);
        }
        if block && !self.is_es() {
            self.layout_require(
                e.span,
                "`location` on input and output blocks",
                440,
                0,
                &[Ext::ARB_enhanced_layouts],
            );
        }
    }

    /// `component`: the type must be a scalar or vector that fits from the component on.
    fn check_component(&mut self, e: &Ent, elem: TypeId) {
        let Some(c) = e.value else { return };
        if c < 0 {
            return;
        }
        let t = self.m.types.innermost(elem);
        let (scalar, n) = match *self.m.types.get(t) {
            Type::Scalar(s) => (s, 1u32),
            Type::Vector(s, n) => (s, u32::from(n)),
            Type::Error => return,
            _ => {
                self.error(
                    "layout-type",
                    e.span,
                    format!(
                        "`component` cannot be used on a matrix, struct or block (the type is `{}`)",
                        self.ty_name(elem)
                    ),
                );
                return;
            }
        };
        let wide = scalar.bits() == 64;
        let used = n * if wide { 2 } else { 1 };
        if c > 3 {
            self.error(
                "layout-value",
                e.span,
                format!("`component` must be 0, 1, 2 or 3 (found {c})"),
            );
        } else if wide && n > 2 {
            self.error(
                "layout-type",
                e.span,
                format!(
                    "a `{}` takes more than one location and cannot have a `component`",
                    self.ty_name(t)
                ),
            );
        } else if wide && c % 2 == 1 {
            self.error(
                "layout-value",
                e.span,
                format!("a 64-bit value cannot start at component {c} (use component 0 or 2)"),
            );
        } else if c as u32 + used > 4 {
            self.error(
                "layout-value",
                e.span,
                format!(
                    "`{}` at component {c} takes components {c} to {} of a location, past component 3",
                    self.ty_name(t),
                    c as u32 + used - 1
                ),
            );
        }
    }

    /// A format layout on an image: the format must fit the image's component type.
    fn check_image_format(
        &mut self,
        e: &Ent,
        class: FormatClass,
        es_ok: bool,
        inner: TypeId,
        quals: &crate::hir::VarQuals,
        var_name: &str,
    ) {
        self.layout_require(
            e.span,
            "image format layout qualifiers",
            420,
            310,
            &[
                Ext::ARB_shader_image_load_store,
                Ext::EXT_shader_image_load_store,
            ],
        );
        let n = e.name.as_str();
        if self.is_es() && !es_ok && !self.ext_on(Ext::NV_image_formats) {
            self.error(
                "layout-unavailable",
                e.span,
                format!(
                    "image format `{n}` is not available in GLSL ES (GL_NV_image_formats adds it)"
                ),
            );
        }
        let Type::Opaque(o) = *self.m.types.get(inner) else {
            if !self.m.types.is_error(inner) && !self.bindless() {
                self.error(
                    "layout-type",
                    e.span,
                    format!(
                        "format qualifier `{n}` applies only to images; `{var_name}` has type `{}`",
                        self.ty_name(inner)
                    ),
                );
            }
            return;
        };
        if o.kind != OpaqueKind::Image {
            self.error(
                "layout-type",
                e.span,
                format!(
                    "format qualifier `{n}` applies only to images; `{var_name}` has type `{}`",
                    self.ty_name(inner)
                ),
            );
            return;
        }
        let img = if o.sampled.is_signed_int() {
            FormatClass::Int
        } else if o.sampled.is_unsigned_int() {
            FormatClass::Uint
        } else {
            FormatClass::Float
        };
        if img != class {
            let (want, what) = match img {
                FormatClass::Float => ("a floating-point format", "floating-point"),
                FormatClass::Int => ("a signed integer format (`...i`)", "signed integer"),
                FormatClass::Uint => ("an unsigned integer format (`...ui`)", "unsigned integer"),
            };
            self.error(
                "layout-type",
                e.span,
                format!(
                    "format `{n}` does not match `{}`: {what} images take {want}",
                    self.ty_name(inner)
                ),
            );
        }
        if self.is_es()
            && !matches!(n, "r32f" | "r32i" | "r32ui")
            && !quals.memory.readonly
            && !quals.memory.writeonly
        {
            self.error(
                "layout-required",
                e.span,
                format!("in GLSL ES an image with format `{n}` must be `readonly` or `writeonly` (only r32f, r32i and r32ui may be both)"),
            );
        }
    }

    fn check_stream_value(&mut self, e: &Ent) {
        if let Some(v) = e.value {
            let max = self.builtin_int("gl_MaxVertexStreams").unwrap_or(4);
            if v >= max {
                self.error(
                    "layout-value",
                    e.span,
                    format!("`stream` must be less than gl_MaxVertexStreams ({max}), found {v}"),
                );
            }
        }
    }

    /// Transform feedback qualifiers on a variable or block: version, storage, stage, values.
    fn xfb_var_entry(&mut self, e: &Ent, storage: Storage) -> bool {
        let n = e.name.clone();
        self.layout_require(
            e.span,
            &format!("layout qualifier `{n}`"),
            440,
            0,
            &[Ext::ARB_enhanced_layouts],
        );
        if storage != Storage::Out || !self.is_xfb_stage() {
            self.misplaced(
                e,
                format!(
                    "`{n}` applies only to outputs of vertex, tessellation and geometry shaders"
                ),
            );
            return false;
        }
        self.check_xfb_values(e);
        true
    }

    fn check_xfb_values(&mut self, e: &Ent) {
        let Some(v) = e.value else { return };
        if v < 0 {
            return;
        }
        match e.name.as_str() {
            "xfb_buffer" => {
                let max = self
                    .builtin_int("gl_MaxTransformFeedbackBuffers")
                    .unwrap_or(4);
                if v >= max {
                    self.error(
                        "layout-value",
                        e.span,
                        format!("`xfb_buffer` must be less than gl_MaxTransformFeedbackBuffers ({max}), found {v}"),
                    );
                }
            }
            "xfb_stride" => {
                let max = self
                    .builtin_int("gl_MaxTransformFeedbackInterleavedComponents")
                    .unwrap_or(64);
                if v > 4 * max {
                    self.error(
                        "layout-value",
                        e.span,
                        format!(
                            "`xfb_stride` {v} is too large: divided by 4 it must not exceed gl_MaxTransformFeedbackInterleavedComponents ({max})"
                        ),
                    );
                }
            }
            _ => {}
        }
    }

    /// Records what a declaration captures and the strides it sets. `block` gives the members
    /// of an output block.
    fn register_xfb(&mut self, es: &[Ent], ty: TypeId, block: Option<&[Member]>) {
        if !self.is_xfb_stage() || (es.is_empty() && block.is_none()) {
            return;
        }
        let buffer = last(es, "xfb_buffer")
            .and_then(|e| e.value)
            .or(self.layout_state.xfb_default_buffer)
            .unwrap_or(0);
        if buffer < 0 {
            return;
        }
        if let Some(e) = last(es, "xfb_stride") {
            if let Some(s) = e.value {
                self.set_xfb_stride(buffer, s, e.span);
            }
        }
        match block {
            None => {
                if let Some(e) = last(es, "xfb_offset") {
                    self.capture(buffer, e, ty);
                }
            }
            Some(members) => {
                let block_offset = last(es, "xfb_offset").and_then(|e| e.value);
                if let (Some(e), Some(off)) = (last(es, "xfb_offset"), block_offset) {
                    let w64 = members.iter().any(|m| xfb_size(&self.m.types, m.ty, 0).1);
                    if off >= 0 && w64 && off % 8 != 0 {
                        self.error(
                            "layout-value",
                            e.span,
                            format!("the block's `xfb_offset` {off} must be a multiple of 8: the block contains 64-bit components"),
                        );
                    } else if off >= 0 && off % 4 != 0 {
                        self.error(
                            "layout-value",
                            e.span,
                            format!("the block's `xfb_offset` {off} must be a multiple of 4"),
                        );
                    }
                }
                let mut next = block_offset.map(|v| v.max(0) as u64);
                for m in members {
                    let mes = self.ents(&m.layout.entries);
                    if let Some(e) = last(&mes, "xfb_stride") {
                        if let Some(s) = e.value {
                            self.set_xfb_stride(buffer, s, e.span);
                        }
                    }
                    let (size, w64, w32, w16) = xfb_size(&self.m.types, m.ty, 0);
                    let align = if w64 {
                        8
                    } else if w32 {
                        4
                    } else if w16 {
                        2
                    } else {
                        1
                    };
                    match last(&mes, "xfb_offset") {
                        Some(e) => {
                            let e = e.clone();
                            self.capture(buffer, &e, m.ty);
                            if block_offset.is_some() {
                                next = e.value.map(|v| (v.max(0) as u64).saturating_add(size));
                            }
                        }
                        None => {
                            if let Some(off) = next {
                                let start = round_up(off, align);
                                self.layout_state.xfb_captures.push((
                                    buffer,
                                    start,
                                    start.saturating_add(size),
                                    align,
                                    m.span,
                                ));
                                next = Some(start.saturating_add(size));
                            }
                        }
                    }
                }
            }
        }
    }

    fn set_xfb_stride(&mut self, buffer: i64, stride: i64, span: Span) {
        if stride < 0 {
            return;
        }
        if let Some(&(_, prev, prev_span)) = self
            .layout_state
            .xfb_strides
            .iter()
            .find(|(b, _, _)| *b == buffer)
        {
            if prev != stride {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-conflict",
                        span,
                        format!("`xfb_stride` {stride} for transform feedback buffer {buffer} contradicts its earlier stride {prev}"),
                    )
                    .with_secondary(prev_span, "earlier stride"),
                );
            }
            return;
        }
        self.layout_state.xfb_strides.push((buffer, stride, span));
    }

    /// An `xfb_offset` on a variable or member: alignment, unsized arrays, then record it.
    fn capture(&mut self, buffer: i64, e: &Ent, ty: TypeId) {
        let Some(off) = e.value else { return };
        if off < 0 {
            return;
        }
        if contains_unsized(&self.m.types, ty) {
            self.error(
                "layout-type",
                e.span,
                "`xfb_offset` cannot be applied to an unsized array",
            );
            return;
        }
        let (size, w64, w32, w16) = xfb_size(&self.m.types, ty, 0);
        if w64 && off % 8 != 0 {
            self.error(
                "layout-value",
                e.span,
                format!("`xfb_offset` {off} must be a multiple of 8 for a type containing 64-bit components"),
            );
        } else if !w64 && w32 && off % 4 != 0 {
            self.error(
                "layout-value",
                e.span,
                format!(
                    "`xfb_offset` {off} must be a multiple of 4 (the size of the first component)"
                ),
            );
        } else if !w64 && !w32 && w16 && off % 2 != 0 {
            self.error(
                "layout-value",
                e.span,
                format!("`xfb_offset` {off} must be a multiple of 2 for a type containing 16-bit components"),
            );
        }
        let start = off as u64;
        let widest = if w64 {
            8
        } else if w32 {
            4
        } else if w16 {
            2
        } else {
            1
        };
        self.layout_state.xfb_captures.push((
            buffer,
            start,
            start.saturating_add(size),
            widest,
            e.span,
        ));
    }

    /// Atomic counters: binding required and in range, offset aligned (overlaps are checked
    /// at the end, see [`Checker::finish_atomic_counters`]).
    fn check_atomic_counter(&mut self, es: &[Ent], span: Span) {
        // glslang's relaxed Vulkan rules keep them (the linker makes them buffer members).
        if self.vulkan() && !self.opts.relaxed_vulkan {
            self.error(
                "vulkan-atomic-counter",
                span,
                "atomic counters are not available when compiling for Vulkan (GL_KHR_vulkan_glsl removes them); use an atomic operation on a buffer variable, or compile for OpenGL",
            );
            return;
        }
        let binding = last(es, "binding").and_then(|e| e.value);
        let Some(binding_e) = last(es, "binding") else {
            self.error(
                "layout-required",
                span,
                "atomic counters need a `binding` layout qualifier (`layout(binding = N) uniform atomic_uint ...`)",
            );
            return;
        };
        let binding_span = binding_e.span;
        let Some(binding) = binding else { return };
        if binding < 0 {
            return;
        }
        if let Some(max) = self
            .builtin_int("gl_MaxAtomicCounterBindings")
            .filter(|_| !self.vulkan())
        {
            if binding >= max.max(1) {
                self.error(
                    "layout-value",
                    binding_span,
                    format!("atomic counter binding {binding} must be less than gl_MaxAtomicCounterBindings ({max})"),
                );
            }
        }
        let Some(off_e) = last(es, "offset") else {
            return;
        };
        let Some(off) = off_e.value else { return };
        if off < 0 {
            return;
        }
        if off % 4 != 0 {
            self.error(
                "layout-value",
                off_e.span,
                format!("atomic counter offset {off} must be a multiple of 4"),
            );
        }
    }

    /// Records the locations of an input, output or uniform variable and reports overlaps.
    fn register_var_location(
        &mut self,
        storage: Storage,
        ty: TypeId,
        es: &[Ent],
        loc: i64,
        quals: &crate::hir::VarQuals,
        name: &str,
    ) {
        let span = last(es, "location").map_or(Span::default(), |e| e.span);
        match storage {
            Storage::In | Storage::Out => {
                let mut elem_ty = ty;
                for _ in 0..self.io_array_levels(storage, quals) {
                    if let Type::Array { elem, .. } = *self.m.types.get(elem_ty) {
                        elem_ty = elem;
                    }
                }
                let vertex_in =
                    storage == Storage::In && self.stage == Some(Stage::Vertex) && !self.vulkan();
                let count = location_count(&self.m.types, elem_ty, vertex_in, 0);
                let comp = last(es, "component")
                    .and_then(|e| e.value)
                    .unwrap_or(0)
                    .clamp(0, 3) as u32;
                let masks = component_masks(&self.m.types, elem_ty, comp, vertex_in);
                let index = last(es, "index").and_then(|e| e.value).unwrap_or(0);
                let set = if storage == Storage::In { 0 } else { 1 };
                // Limits known at compile time.
                // Desktop GL reports these at link time (ARB_explicit_attrib_location).
                let limit = match (storage, self.stage) {
                    _ if !self.is_es() => None,
                    (Storage::Out, Some(Stage::Fragment)) => self
                        .builtin_int("gl_MaxDrawBuffers")
                        .map(|m| (m, "gl_MaxDrawBuffers")),
                    (Storage::In, Some(Stage::Vertex)) => self
                        .builtin_int("gl_MaxVertexAttribs")
                        .map(|m| (m, "gl_MaxVertexAttribs")),
                    _ => None,
                };
                if let Some((max, what)) = limit {
                    if (loc as u64).saturating_add(count) > max.max(0) as u64 {
                        self.error(
                            "layout-value",
                            span,
                            format!(
                                "`{name}` at location {loc} takes {count} location(s), past the limit {what} ({max})"
                            ),
                        );
                        return;
                    }
                }
                let u = LocUse {
                    set,
                    start: loc as u64,
                    end: (loc as u64).saturating_add(count),
                    masks,
                    index,
                    kind: numeric_kind(&self.m.types, elem_ty),
                    interp: quals.interp,
                    aux: (quals.centroid, quals.sample, quals.patch),
                    name: name.to_string(),
                    span,
                };
                self.add_location(u);
            }
            Storage::Ext(s) if self.name(s) == "tileImageEXT" => {
                let count = uniform_location_count(&self.m.types, ty, 0);
                let u = LocUse {
                    set: 3,
                    start: loc as u64,
                    end: (loc as u64).saturating_add(count),
                    masks: vec![0xF],
                    index: 0,
                    kind: None,
                    interp: None,
                    aux: (false, false, false),
                    name: name.to_string(),
                    span,
                };
                self.add_location(u);
            }
            Storage::Uniform => {
                let count = uniform_location_count(&self.m.types, ty, 0);
                let u = LocUse {
                    set: 2,
                    start: loc as u64,
                    end: (loc as u64).saturating_add(count),
                    masks: vec![0xF],
                    index: 0,
                    kind: None,
                    interp: None,
                    aux: (false, false, false),
                    name: name.to_string(),
                    span,
                };
                self.add_location(u);
            }
            _ => {}
        }
    }

    fn add_location(&mut self, u: LocUse) {
        // Desktop GL lets vertex shader inputs alias (GLSL 4.60: "the one exception").
        let aliasing_allowed =
            u.set == 0 && self.stage == Some(Stage::Vertex) && !self.is_es() && !self.vulkan();
        // Fragment outputs bound to the same location and index are a link error in desktop GL.
        let aliasing_allowed = aliasing_allowed
            || (u.set == 1
                && self.stage == Some(Stage::Fragment)
                && !self.is_es()
                && !self.vulkan());
        if !aliasing_allowed {
            let hit = self.layout_state.locations.iter().find(|p| {
                p.set == u.set && p.start < u.end && u.start < p.end && p.index == u.index
            });
            if let Some(p) = hit.cloned() {
                let lo = u.start.max(p.start);
                let hi = u.end.min(p.end).min(lo.saturating_add(4096));
                let mask_at = |x: &LocUse, l: u64| -> u8 {
                    let n = x.masks.len().max(1) as u64;
                    x.masks
                        .get(((l - x.start) % n) as usize)
                        .copied()
                        .unwrap_or(0xF)
                };
                let clash = (lo..hi).find(|&l| mask_at(&p, l) & mask_at(&u, l) != 0);
                let comps_overlap = clash.is_some();
                let at = clash.unwrap_or(lo);
                if comps_overlap || self.is_es() || u.set >= 2 {
                    let what = match u.set {
                        0 => "input",
                        1 => "output",
                        2 => "uniform",
                        _ => "tile image",
                    };
                    self.diags.push(
                        fresnel_syntax::diag::Diagnostic::error(
                            "layout-overlap",
                            u.span,
                            format!(
                                "{what} `{}` uses location {at}, which `{}` already uses",
                                u.name, p.name
                            ),
                        )
                        .with_secondary(p.span, "location already used here"),
                    );
                } else if p.kind != u.kind || p.interp != u.interp || p.aux != u.aux {
                    self.diags.push(
                        fresnel_syntax::diag::Diagnostic::error(
                            "layout-overlap",
                            u.span,
                            format!(
                                "`{}` shares location {at} with `{}`: variables sharing a location must have the same numeric type, bit width and interpolation",
                                u.name, p.name
                            ),
                        )
                        .with_secondary(p.span, "the other variable"),
                    );
                }
            }
        }
        // Overlaps are checked pairwise; past this many explicit locations (far beyond any
        // implementation's limits) later ones are not tracked, which bounds the work.
        if self.layout_state.locations.len() < MAX_TRACKED {
            self.layout_state.locations.push(u);
        }
    }

    // ---- interface blocks ----

    /// The array dimensions of the instance of the block declared at `span`, if any.
    fn block_instance_dims(&mut self, span: Span) -> usize {
        if self.layout_state.block_dims.is_none() {
            let mut map = FxHashMap::default();
            for d in &self.ast().decls {
                if let ast::ExternalDecl::Decl(d) = d {
                    if let ast::DeclKind::Block(b) = &d.kind {
                        let dims = b
                            .instance
                            .as_ref()
                            .and_then(|i| i.array.as_ref())
                            .map_or(0, |a| a.dims.len());
                        map.insert(d.span, dims);
                    }
                }
            }
            self.layout_state.block_dims = Some(map);
        }
        self.layout_state
            .block_dims
            .as_ref()
            .and_then(|m| m.get(&span).copied())
            .unwrap_or(0)
    }

    /// An interface block has been declared.
    pub(crate) fn validate_block_layout(
        &mut self,
        storage: Storage,
        q: &Quals,
        members: &[Member],
        span: Span,
    ) -> crate::types::BlockLayout {
        let es = self.ents(&q.quals.layout);
        let ub = matches!(storage, Storage::Uniform | Storage::Buffer);
        let io = matches!(storage, Storage::In | Storage::Out);
        let shared_block = storage == Storage::Shared;
        let ext_storage = matches!(storage, Storage::Ext(_));
        let push_constant = has(&es, "push_constant");
        let shader_record = has(&es, "shaderrecordnv") || has(&es, "shaderrecordext");

        for e in &es {
            let n = e.name.as_str();
            if let Some(p) = Packing::from_name(n) {
                if !ub && !shared_block && !ext_storage {
                    self.misplaced(
                        e,
                        format!("`{n}` applies only to uniform and buffer blocks"),
                    );
                } else {
                    self.check_packing_name(e, p, storage, push_constant || shader_record);
                }
            } else if is_matrix_order(n) {
                if !ub && !shared_block && !ext_storage {
                    self.misplaced(
                        e,
                        format!("`{n}` applies only to uniform and buffer blocks"),
                    );
                }
            } else if n == "binding" {
                self.layout_require(
                    e.span,
                    "layout qualifier `binding`",
                    420,
                    310,
                    &[
                        Ext::ARB_shading_language_420pack,
                        Ext::ARB_shader_storage_buffer_object,
                    ],
                );
                if !ub && !ext_storage {
                    self.misplaced(e, "`binding` applies only to uniform and buffer blocks");
                } else if push_constant {
                    self.misplaced(e, "`binding` cannot be used with `push_constant`");
                }
            } else if n == "set" {
                if push_constant {
                    self.misplaced(e, "`set` cannot be used with `push_constant`");
                }
            } else if n == "location" {
                if io {
                    self.require_io_location(e, storage, true);
                    if self.is_es() {
                        self.layout_require(
                            e.span,
                            "`location` on input and output blocks",
                            320,
                            320,
                            &[Ext::EXT_shader_io_blocks, Ext::OES_shader_io_blocks],
                        );
                    }
                } else if !ext_storage {
                    self.misplaced(e, "`location` cannot be used on uniform or buffer blocks");
                }
            } else if n == "component" {
                self.error(
                    "layout-type",
                    e.span,
                    "`component` cannot be used on a block (only on its members)",
                );
            } else if n == "index" {
                self.misplaced(e, "`index` cannot be used on a block");
            } else if n == "offset" {
                self.misplaced(e, "`offset` applies to block members, not to blocks");
            } else if n == "align" {
                if !ub && !shared_block {
                    self.misplaced(e, "`align` applies only to uniform and buffer blocks");
                } else if !self.vulkan() {
                    self.layout_require(
                        e.span,
                        "layout qualifier `align`",
                        440,
                        0,
                        &[Ext::ARB_enhanced_layouts],
                    );
                }
            } else if n.starts_with("xfb_") {
                self.xfb_var_entry(e, storage);
            } else if n == "stream" {
                if storage != Storage::Out || self.stage.is_some_and(|s| s != Stage::Geometry) {
                    self.misplaced(e, "`stream` applies only to geometry shader outputs");
                } else {
                    self.check_stream_value(e);
                }
            } else if n == "push_constant" {
                if storage != Storage::Uniform {
                    self.misplaced(e, "`push_constant` applies only to uniform blocks");
                } else {
                    let bank = last(&es, "bank").and_then(|b| b.value).unwrap_or(0);
                    self.one_push_constant_block(bank, span);
                }
            } else if n == "buffer_reference" || n == "shaderrecordnv" || n == "shaderrecordext" {
                if storage != Storage::Buffer {
                    self.misplaced(e, format!("`{n}` applies only to buffer blocks"));
                }
            } else if image_format(n).is_some() {
                self.error(
                    "layout-type",
                    e.span,
                    format!("format qualifier `{n}` applies only to images"),
                );
            } else if matches!(
                n,
                "origin_upper_left"
                    | "pixel_center_integer"
                    | "input_attachment_index"
                    | "constant_id"
            ) || is_depth_layout(n)
            {
                self.misplaced(e, format!("`{n}` cannot be used on a block"));
            } else if is_stage_only(n) {
                self.misplaced(
                    e,
                    format!(
                        "`{n}` can be used only in a declaration without variables, not on a block"
                    ),
                );
            }
        }

        // The block's effective packing, matrix order, stream and transform feedback buffer.
        let packing = last_packing(&es).or(match storage {
            _ if push_constant || shader_record => Some(Packing::Std430),
            Storage::Uniform => self.layout_state.uniform_packing,
            Storage::Buffer => self.layout_state.buffer_packing,
            Storage::Shared => Some(Packing::Std430),
            _ => None,
        });
        let declared_packing = packing;
        let packing = packing.unwrap_or(if self.vulkan() {
            if storage == Storage::Buffer {
                Packing::Std430
            } else {
                Packing::Std140
            }
        } else {
            Packing::Shared
        });
        let block_row_major = es
            .iter()
            .rev()
            .find(|e| is_matrix_order(&e.name))
            .map(|e| e.name == "row_major")
            .or(match storage {
                Storage::Uniform => self.layout_state.uniform_row_major,
                Storage::Buffer => self.layout_state.buffer_row_major,
                _ => None,
            })
            .unwrap_or(false);
        if let Some(e) = last(&es, "align") {
            if ub && !packing.explicit_offsets() {
                self.misplaced(
                    e,
                    "`align` can be used only with std140, std430 or scalar block layouts",
                );
            }
        }
        let block_stream = last(&es, "stream")
            .and_then(|e| e.value)
            .or(self.layout_state.stream_default)
            .unwrap_or(0);
        let block_xfb_buffer = last(&es, "xfb_buffer")
            .and_then(|e| e.value)
            .or(self.layout_state.xfb_default_buffer)
            .unwrap_or(0);
        let block_location = last(&es, "location").and_then(|e| e.value);
        if has(&es, "descriptor_heap") && self.block_instance_dims(span) == 0 {
            if let Some(e) = last(&es, "descriptor_heap") {
                self.error(
                    "layout-type",
                    e.span,
                    "`descriptor_heap` blocks must be declared as arrays",
                );
            }
        }

        // Members.
        let mut with_location = None;
        let mut without_location = None;
        // GL_EXT_structured_descriptor_heap blocks describe heaps: their members take
        // resource layouts (packing, buffer_reference, formats).
        let heap = self.any_ext(&[
            Ext::EXT_descriptor_heap,
            Ext::EXT_structured_descriptor_heap,
        ]);
        for m in members {
            let mes = self.ents(&m.layout.entries);
            for e in &mes {
                let n = e.name.as_str();
                if heap
                    && (Packing::from_name(n).is_some()
                        || image_format(n).is_some()
                        || n == "buffer_reference")
                {
                    continue;
                }
                if Packing::from_name(n).is_some() {
                    self.misplaced(
                        e,
                        format!("`{n}` cannot be used on a block member (only on the block or `layout({n}) uniform;`)"),
                    );
                } else if is_matrix_order(n) {
                    if !ub && !shared_block && !ext_storage {
                        self.misplaced(
                            e,
                            format!("`{n}` applies only to members of uniform and buffer blocks"),
                        );
                    }
                } else if n == "binding" || n == "set" {
                    self.misplaced(e, format!("`{n}` cannot be used on a block member"));
                } else if n == "location" {
                    if io {
                        if self.is_es() {
                            self.layout_require(
                                e.span,
                                "`location` on block members",
                                320,
                                320,
                                &[Ext::EXT_shader_io_blocks, Ext::OES_shader_io_blocks],
                            );
                        } else {
                            self.layout_require(
                                e.span,
                                "`location` on block members",
                                440,
                                0,
                                &[Ext::ARB_enhanced_layouts],
                            );
                        }
                    } else if !ext_storage {
                        self.misplaced(
                            e,
                            "`location` can be used only on members of input and output blocks",
                        );
                    }
                } else if n == "component" {
                    self.layout_require(
                        e.span,
                        "layout qualifier `component`",
                        440,
                        0,
                        &[Ext::ARB_enhanced_layouts],
                    );
                    if !io {
                        self.misplaced(
                            e,
                            "`component` applies only to members of input and output blocks",
                        );
                    } else if !has(&mes, "location") {
                        self.error(
                            "layout-required",
                            e.span,
                            "`component` needs a `location` on the same member",
                        );
                    } else {
                        self.check_component(e, m.ty);
                    }
                } else if n == "offset" || n == "align" {
                    if !ub && !shared_block && !ext_storage {
                        self.misplaced(
                            e,
                            format!("`{n}` applies only to members of uniform and buffer blocks"),
                        );
                        continue;
                    }
                    if !self.vulkan() {
                        if self.is_es() {
                            self.layout_require(
                                e.span,
                                &format!("`{n}` on block members"),
                                0,
                                0,
                                &[],
                            );
                        } else {
                            self.layout_require(
                                e.span,
                                &format!("`{n}` on block members"),
                                440,
                                0,
                                &[Ext::ARB_enhanced_layouts],
                            );
                        }
                    }
                    if ub && !packing.explicit_offsets() {
                        self.misplaced(
                            e,
                            format!("`{n}` can be used only in blocks with the std140, std430 or scalar layout"),
                        );
                    }
                } else if n == "xfb_buffer" {
                    if self.xfb_var_entry(e, storage) {
                        if let Some(v) = e.value {
                            if v != block_xfb_buffer {
                                self.error(
                                    "layout-conflict",
                                    e.span,
                                    format!(
                                        "member `xfb_buffer` {v} contradicts the block's transform feedback buffer {block_xfb_buffer}"
                                    ),
                                );
                            }
                        }
                    }
                } else if n.starts_with("xfb_") {
                    self.xfb_var_entry(e, storage);
                } else if n == "stream" {
                    if storage != Storage::Out || self.stage.is_some_and(|s| s != Stage::Geometry) {
                        self.misplaced(e, "`stream` applies only to geometry shader outputs");
                    } else if let Some(v) = e.value {
                        if v != block_stream {
                            self.error(
                                "layout-conflict",
                                e.span,
                                format!("member `stream` {v} contradicts the block's stream {block_stream}"),
                            );
                        }
                    }
                } else if n == "index" {
                    self.misplaced(e, "`index` cannot be used on a block member");
                } else if image_format(n).is_some() {
                    self.error(
                        "layout-type",
                        e.span,
                        format!(
                            "format qualifier `{n}` applies only to images, not to block members"
                        ),
                    );
                } else if matches!(
                    n,
                    "origin_upper_left"
                        | "pixel_center_integer"
                        | "push_constant"
                        | "buffer_reference"
                        | "shaderrecordnv"
                        | "shaderrecordext"
                        | "input_attachment_index"
                        | "constant_id"
                ) || is_depth_layout(n)
                    || is_stage_only(n)
                {
                    self.misplaced(e, format!("`{n}` cannot be used on a block member"));
                }
            }
            if has(&mes, "location") {
                with_location.get_or_insert(m.span);
            } else {
                without_location.get_or_insert(m.span);
            }
        }

        // Locations of members.
        if io {
            if let (Some(w), Some(_)) = (with_location, without_location) {
                if block_location.is_none() {
                    self.error(
                        "layout-required",
                        w,
                        "a block without a `location` must give a `location` to all of its members or to none",
                    );
                }
            }
            let dims = self.block_instance_dims(span);
            let arrayed = self.arrayed_io(storage, q.quals.patch);
            let extra = dims.saturating_sub(usize::from(arrayed));
            if extra > 0 {
                if let Some(w) = with_location {
                    self.error(
                        "layout-misplaced",
                        w,
                        "`location` cannot be used on members of a block array that needs new locations for each element (put it on the block)",
                    );
                }
            } else if (block_location.is_some() || with_location.is_some())
                && !(self.stage == Some(Stage::Mesh) && self.ext_on(Ext::NV_mesh_shader))
            {
                // (NV mesh shader blocks have per-view members whose extra array level the
                // members do not record; their locations are not tracked.)
                let mut next = block_location.unwrap_or(0).max(0) as u64;
                let vertex_in =
                    storage == Storage::In && self.stage == Some(Stage::Vertex) && !self.vulkan();
                let block_quals = q.quals.clone();
                for m in members {
                    let mes = self.ents(&m.layout.entries);
                    let start = match last(&mes, "location").and_then(|e| e.value) {
                        Some(l) if l >= 0 => l as u64,
                        Some(_) => continue,
                        None => next,
                    };
                    let count = location_count(&self.m.types, m.ty, vertex_in, 0);
                    let comp = last(&mes, "component")
                        .and_then(|e| e.value)
                        .unwrap_or(0)
                        .clamp(0, 3) as u32;
                    let masks = component_masks(&self.m.types, m.ty, comp, vertex_in);
                    let span = last(&mes, "location").map_or(m.span, |e| e.span);
                    let u = LocUse {
                        set: if storage == Storage::In { 0 } else { 1 },
                        start,
                        end: start.saturating_add(count),
                        masks,
                        index: 0,
                        kind: numeric_kind(&self.m.types, m.ty),
                        interp: block_quals.interp,
                        aux: (block_quals.centroid, block_quals.sample, block_quals.patch),
                        name: self.name(m.name).to_string(),
                        span,
                    };
                    self.add_location(u);
                    next = start.saturating_add(count);
                }
            }
        }

        // Explicit offsets of uniform and buffer block members.
        if (ub || shared_block) && packing.explicit_offsets() {
            let block_align = last(&es, "align")
                .and_then(|e| e.value)
                .filter(|v| *v > 0 && v & (v - 1) == 0);
            let mut offset = 0u64;
            for m in members {
                let mes = self.ents(&m.layout.entries);
                let row_major = m.layout.row_major.unwrap_or(block_row_major);
                let (base_align, size) = std_layout(&self.m.types, m.ty, packing, row_major, 0);
                if let Some(e) = last(&mes, "offset") {
                    if let Some(v) = e.value.filter(|v| *v >= 0) {
                        let v = v as u64;
                        if base_align > 1 && v % base_align != 0 {
                            self.error(
                                "layout-value",
                                e.span,
                                format!(
                                    "`offset` {v} is not a multiple of the base alignment {base_align} of `{}`",
                                    self.ty_name(m.ty)
                                ),
                            );
                        }
                        if v < offset && !self.vulkan() {
                            self.error(
                                "layout-overlap",
                                e.span,
                                format!(
                                    "`offset` {v} lies before the end of the previous member (the next free offset is {offset})"
                                ),
                            );
                        }
                        offset = offset.max(v);
                        if self.vulkan() {
                            offset = v;
                        }
                    }
                }
                let member_align = last(&mes, "align")
                    .and_then(|e| e.value)
                    .filter(|v| *v > 0 && v & (v - 1) == 0)
                    .or(block_align)
                    .map_or(base_align, |a| base_align.max(a as u64));
                offset = round_up(offset, member_align).saturating_add(size);
            }
        }

        // GL_EXT_structured_descriptor_heap: members of heap blocks may take `offset`, as in
        // buffer blocks. Plain data is laid out by the scalar rules, so an explicit offset of
        // a scalar, vector or matrix (or an array of them) must be aligned to its component
        // size; a descriptor's alignment is its size in the client API, not known here.
        let heap_block = matches!(storage, Storage::Ext(s)
            if matches!(self.name(s), "resourceheap" | "samplerheap"));
        if heap_block {
            for m in members {
                let mes = self.ents(&m.layout.entries);
                let Some(e) = last(&mes, "offset") else {
                    continue;
                };
                let Some(v) = e.value.filter(|v| *v >= 0) else {
                    continue;
                };
                let inner = self.m.types.innermost(m.ty);
                if !matches!(
                    self.m.types.get(inner),
                    Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }
                ) {
                    continue;
                }
                let row_major = m.layout.row_major.unwrap_or(block_row_major);
                let (align, _) = std_layout(&self.m.types, m.ty, Packing::Scalar, row_major, 0);
                if align > 1 && (v as u64) % align != 0 {
                    self.error(
                        "layout-value",
                        e.span,
                        format!(
                            "`offset` {v} is not a multiple of the scalar alignment {align} of `{}`",
                            self.ty_name(m.ty)
                        ),
                    );
                }
            }
        }

        if storage == Storage::Out {
            self.register_xfb(&es, ids::ERROR, Some(members));
        }
        crate::types::BlockLayout {
            packing: declared_packing,
            row_major: block_row_major,
            buffer_type: None,
            memory: crate::hir::Memory::default(),
        }
    }

    fn check_packing_name(&mut self, e: &Ent, p: Packing, storage: Storage, std430_block: bool) {
        match p {
            Packing::Std430 => {
                self.layout_require(
                    e.span,
                    "layout qualifier `std430`",
                    430,
                    310,
                    &[Ext::ARB_shader_storage_buffer_object],
                );
                if storage == Storage::Uniform
                    && !std430_block
                    && !self.ext_on(Ext::EXT_scalar_block_layout)
                {
                    self.misplaced(e, "`std430` can be used only on buffer blocks (and push constants), not on uniform blocks");
                }
            }
            Packing::Scalar => {
                self.layout_require(
                    e.span,
                    "layout qualifier `scalar`",
                    0,
                    0,
                    &[Ext::EXT_scalar_block_layout],
                );
            }
            Packing::Shared | Packing::Packed | Packing::Std140 => {}
        }
    }

    // ---- qualifier-only declarations ----

    /// `layout(...) in;` / `out;` / `uniform;` / `buffer;`.
    pub(crate) fn validate_stage_layout(
        &mut self,
        storage: Option<StorageKw>,
        layout: &[LayoutEntry],
        span: Span,
    ) {
        let es = self.ents(layout);
        let Some(kw) = storage else { return };
        let stage = self.stage;
        let sname = stage_word(stage);
        match kw {
            StorageKw::Uniform | StorageKw::Buffer | StorageKw::Shared => {
                let st = match kw {
                    StorageKw::Uniform => Storage::Uniform,
                    StorageKw::Buffer => Storage::Buffer,
                    _ => Storage::Shared,
                };
                let word = match kw {
                    StorageKw::Uniform => "uniform",
                    StorageKw::Buffer => "buffer",
                    _ => "shared",
                };
                for e in &es {
                    let n = e.name.as_str();
                    if let Some(p) = Packing::from_name(n) {
                        self.check_packing_name(e, p, st, false);
                        match kw {
                            StorageKw::Uniform => self.layout_state.uniform_packing = Some(p),
                            StorageKw::Buffer => self.layout_state.buffer_packing = Some(p),
                            _ => {}
                        }
                    } else if is_matrix_order(n) {
                        let rm = Some(n == "row_major");
                        match kw {
                            StorageKw::Uniform => self.layout_state.uniform_row_major = rm,
                            StorageKw::Buffer => self.layout_state.buffer_row_major = rm,
                            _ => {}
                        }
                    } else if n == "binding" {
                        self.misplaced(
                            e,
                            format!("`binding` cannot be given as a default (`layout(binding = N) {word};`); put it on a block or variable"),
                        );
                    } else if matches!(n, "location" | "component" | "index") {
                        self.misplaced(
                            e,
                            format!("`{n}` cannot be given as a default; use it on a declaration"),
                        );
                    } else if n == "offset" || n == "align" {
                        self.misplaced(e, format!("`{n}` cannot be used in a default declaration (`layout({n} = N) {word};`)"));
                    } else if is_core_name(n) {
                        self.misplaced(e, format!("`{n}` cannot be used in `layout(...) {word};`"));
                    }
                }
            }
            StorageKw::In => {
                for e in &es {
                    let n = e.name.as_str();
                    let ok = match n {
                        _ if matches!(n, "location" | "component" | "index") => {
                            self.misplaced(
                                e,
                                format!(
                                    "`{n}` cannot be given as a default; use it on a declaration"
                                ),
                            );
                            continue;
                        }
                        _ if is_geometry_in_prim(n)
                            && (stage.is_none() || stage == Some(Stage::Geometry)) =>
                        {
                            true
                        }
                        "invocations" if stage.is_none() || stage == Some(Stage::Geometry) => {
                            if !self.is_es() {
                                self.layout_require(
                                    e.span,
                                    "layout qualifier `invocations`",
                                    400,
                                    0,
                                    &[Ext::ARB_gpu_shader5, Ext::NV_gpu_shader5],
                                );
                            }
                            if let Some(v) = e.value {
                                let max = self
                                    .builtin_int("gl_MaxGeometryShaderInvocations")
                                    .unwrap_or(32);
                                if v > max {
                                    self.error(
                                        "layout-value",
                                        e.span,
                                        format!("`invocations` must not exceed gl_MaxGeometryShaderInvocations ({max}), found {v}"),
                                    );
                                }
                            }
                            true
                        }
                        _ if (is_tes_prim(n)
                            || is_spacing(n)
                            || matches!(n, "cw" | "ccw" | "point_mode"))
                            && (stage.is_none() || stage == Some(Stage::TessEval)) =>
                        {
                            true
                        }
                        "early_fragment_tests"
                            if stage.is_none() || stage == Some(Stage::Fragment) =>
                        {
                            self.layout_require(
                                e.span,
                                "layout qualifier `early_fragment_tests`",
                                420,
                                310,
                                &[Ext::ARB_shader_image_load_store],
                            );
                            self.layout_state.early_fragment_tests.get_or_insert(e.span);
                            true
                        }
                        _ if (is_interlock(n)
                            || matches!(
                                n,
                                "post_depth_coverage" | "early_and_late_fragment_tests_amd"
                            ))
                            && (stage.is_none() || stage == Some(Stage::Fragment)) =>
                        {
                            true
                        }
                        _ if (n.starts_with("local_size_") || is_derivative_group(n))
                            && matches!(
                                stage,
                                None | Some(Stage::Compute | Stage::Mesh | Stage::Task)
                            ) =>
                        {
                            true
                        }
                        "num_views" if stage.is_none() || stage == Some(Stage::Vertex) => true,
                        _ if n.starts_with("xfb_") || n == "stream" => {
                            self.misplaced(
                                e,
                                format!("`{n}` applies only to outputs (`layout({n} = N) out;`)"),
                            );
                            continue;
                        }
                        _ => !is_core_name(n),
                    };
                    if !ok {
                        self.misplaced(
                            e,
                            format!(
                                "`{n}` cannot be used in `layout(...) in;` in a {sname} shader"
                            ),
                        );
                    }
                }
                self.stage_in_consistency(&es, span);
            }
            StorageKw::Out => {
                for e in &es {
                    let n = e.name.as_str();
                    let geom = stage.is_none() || stage == Some(Stage::Geometry);
                    let mesh = stage.is_none() || stage == Some(Stage::Mesh);
                    let ok = match n {
                        _ if matches!(n, "location" | "component" | "index") => {
                            self.misplaced(
                                e,
                                format!(
                                    "`{n}` cannot be given as a default; use it on a declaration"
                                ),
                            );
                            continue;
                        }
                        "points" | "line_strip" | "triangle_strip" if geom => true,
                        "points" | "lines" | "triangles" | "max_primitives" if mesh => true,
                        "max_vertices" if geom || mesh => {
                            if let Some(v) = e.value {
                                let (c, name) = if stage == Some(Stage::Mesh) {
                                    if self.ext_on(Ext::EXT_mesh_shader) {
                                        (
                                            "gl_MaxMeshOutputVerticesEXT",
                                            "gl_MaxMeshOutputVerticesEXT",
                                        )
                                    } else {
                                        ("gl_MaxMeshOutputVerticesNV", "gl_MaxMeshOutputVerticesNV")
                                    }
                                } else {
                                    (
                                        "gl_MaxGeometryOutputVertices",
                                        "gl_MaxGeometryOutputVertices",
                                    )
                                };
                                if let Some(max) = self.builtin_int(c) {
                                    if v > max {
                                        self.error(
                                            "layout-value",
                                            e.span,
                                            format!("`max_vertices` must not exceed {name} ({max}), found {v}"),
                                        );
                                    }
                                }
                            }
                            true
                        }
                        "stream" if geom => {
                            self.check_stream_value(e);
                            true
                        }
                        "vertices" if stage.is_none() || stage == Some(Stage::TessControl) => {
                            if let Some(v) = e.value {
                                if let Some(max) = self.builtin_int("gl_MaxPatchVertices") {
                                    if v > max {
                                        self.error(
                                            "layout-value",
                                            e.span,
                                            format!("`vertices` must not exceed gl_MaxPatchVertices ({max}), found {v}"),
                                        );
                                    }
                                }
                            }
                            true
                        }
                        "xfb_offset" => {
                            self.misplaced(e, "`xfb_offset` can be used only on variables, blocks and block members, not in `layout(...) out;`");
                            continue;
                        }
                        "xfb_buffer" | "xfb_stride" => {
                            self.xfb_var_entry(e, Storage::Out);
                            continue;
                        }
                        _ if n.starts_with("blend_support_")
                            && (stage.is_none() || stage == Some(Stage::Fragment)) =>
                        {
                            self.layout_require(
                                e.span,
                                "blend equation layout qualifiers",
                                0,
                                320,
                                &[Ext::KHR_blend_equation_advanced],
                            );
                            true
                        }
                        _ => !is_core_name(n),
                    };
                    if !ok {
                        self.misplaced(
                            e,
                            format!(
                                "`{n}` cannot be used in `layout(...) out;` in a {sname} shader"
                            ),
                        );
                    }
                }
                self.stage_out_consistency(&es);
            }
            _ => {}
        }
    }

    /// Compares a stage-wide value with the one declared before.
    fn same_value(&mut self, slot: fn(&mut LayoutState) -> &mut Option<(i64, Span)>, e: &Ent) {
        let Some(v) = e.value else { return };
        let prev = *slot(&mut self.layout_state);
        match prev {
            Some((p, pspan)) if p != v => {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-conflict",
                        e.span,
                        format!(
                            "`{}` = {v} contradicts the earlier declaration `{}` = {p}",
                            e.name, e.name
                        ),
                    )
                    .with_secondary(pspan, "earlier declaration"),
                );
            }
            Some(_) => {}
            None => *slot(&mut self.layout_state) = Some((v, e.span)),
        }
    }

    fn same_word(
        &mut self,
        slot: fn(&mut LayoutState) -> &mut Option<(String, Span)>,
        e: &Ent,
        what: &str,
    ) {
        let prev = slot(&mut self.layout_state).clone();
        match prev {
            Some((p, pspan)) if *p != *e.name => {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-conflict",
                        e.span,
                        format!("{what} `{}` contradicts the earlier `{p}`", e.name),
                    )
                    .with_secondary(pspan, "earlier declaration"),
                );
            }
            Some(_) => {}
            None => *slot(&mut self.layout_state) = Some((e.name.to_string(), e.span)),
        }
    }

    fn stage_in_consistency(&mut self, es: &[Ent], span: Span) {
        let stage = self.stage;
        // Words that override each other (input primitives, spacings, orderings): before
        // GLSL 4.20 a declaration names at most one of each group; since then the last one
        // counts. Each group's last word must agree with earlier declarations.
        let relaxed = self.relaxed_layout_repetition();
        type Group = (
            fn(&str) -> bool,
            fn(&mut LayoutState) -> &mut Option<(String, Span)>,
            &'static str,
        );
        let groups: &[Group] = match stage {
            Some(Stage::Geometry) => &[(
                is_geometry_in_prim,
                |s| &mut s.geom_in_prim,
                "input primitive",
            )],
            Some(Stage::TessEval) => &[
                (is_tes_prim, |s| &mut s.tes_prim, "primitive mode"),
                (is_spacing, |s| &mut s.tes_spacing, "vertex spacing"),
                (
                    |n| n == "cw" || n == "ccw",
                    |s| &mut s.tes_order,
                    "vertex order",
                ),
            ],
            _ => &[],
        };
        for (is_word, slot, what) in groups {
            let words: Vec<&Ent> = es.iter().filter(|e| is_word(&e.name)).collect();
            let (Some(first), Some(last_word)) = (words.first(), words.last()) else {
                continue;
            };
            if !relaxed {
                if let Some(other) = words.iter().find(|p| p.name != first.name) {
                    self.error(
                        "layout-conflict",
                        other.span,
                        format!(
                            "only one {what} can be declared, found `{}` and `{}`",
                            first.name, other.name
                        ),
                    );
                }
            }
            let last_word = (*last_word).clone();
            self.same_word(*slot, &last_word, what);
        }
        let mut sizes_here = false;
        for e in es {
            let n = e.name.as_str();
            match stage {
                _ if n == "local_size_variable" => {
                    self.layout_require(
                        e.span,
                        "layout qualifier `local_size_variable`",
                        0,
                        0,
                        &[Ext::ARB_compute_variable_group_size],
                    );
                    self.layout_state.local_size_variable.get_or_insert(e.span);
                }
                Some(Stage::Compute) if n.starts_with("local_size_") => {
                    self.layout_require(
                        e.span,
                        "compute shaders' `local_size` layout qualifiers",
                        430,
                        310,
                        &[Ext::ARB_compute_shader],
                    );
                }
                _ if is_derivative_group(n) => {
                    if n.contains("quads") {
                        self.layout_state.derivative_quads.get_or_insert(e.span);
                    } else {
                        self.layout_state.derivative_linear.get_or_insert(e.span);
                    }
                }
                _ => {}
            }
        }
        // Stage-wide values: the last occurrence in this declaration counts.
        let mut names: Vec<&str> = Vec::new();
        for e in es.iter().rev() {
            if names.contains(&e.name.as_str()) {
                continue;
            }
            names.push(e.name.as_str());
            match e.name.as_str() {
                "invocations" => self.same_value(|s| &mut s.invocations, e),
                "num_views" => self.same_value(|s| &mut s.num_views, e),
                "local_size_x" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size[0], e)
                }
                "local_size_y" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size[1], e)
                }
                "local_size_z" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size[2], e)
                }
                "local_size_x_id" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size_id[0], e)
                }
                "local_size_y_id" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size_id[1], e)
                }
                "local_size_z_id" => {
                    sizes_here = true;
                    self.same_value(|s| &mut s.local_size_id[2], e)
                }
                _ => {}
            }
        }
        if sizes_here {
            self.layout_state.local_size_decl.get_or_insert(span);
            self.set_work_group_size_value();
            if let Some(v) = self.layout_state.local_size_variable {
                if let Some(e) = es
                    .iter()
                    .find(|e| e.name.starts_with("local_size_") && e.name != "local_size_variable")
                {
                    self.diags.push(
                        fresnel_syntax::diag::Diagnostic::error(
                            "layout-conflict",
                            e.span,
                            "a fixed work-group size cannot be declared together with `local_size_variable`",
                        )
                        .with_secondary(v, "`local_size_variable` declared here"),
                    );
                }
            }
        } else if let Some(e) = es.iter().find(|e| e.name == "local_size_variable") {
            let fixed = self
                .layout_state
                .local_size
                .iter()
                .chain(self.layout_state.local_size_id.iter())
                .flatten()
                .next()
                .copied();
            if let Some((_, fspan)) = fixed {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-conflict",
                        e.span,
                        "`local_size_variable` cannot be declared in a shader that declares a fixed work-group size",
                    )
                    .with_secondary(fspan, "fixed size declared here"),
                );
            }
        }
        // Work-group size limits.
        if sizes_here && matches!(stage, Some(Stage::Compute)) {
            let limits = self.builtin_ivec3("gl_MaxComputeWorkGroupSize");
            for (i, axis) in ["local_size_x", "local_size_y", "local_size_z"]
                .iter()
                .enumerate()
            {
                if let (Some(e), Some(max)) = (last(es, axis), limits.map(|l| l[i])) {
                    if let Some(v) = e.value {
                        if v > max {
                            self.error(
                                "layout-value",
                                e.span,
                                format!("`{axis}` must not exceed gl_MaxComputeWorkGroupSize ({max}), found {v}"),
                            );
                        }
                    }
                }
            }
        }
    }

    fn builtin_ivec3(&mut self, name: &str) -> Option<[i64; 3]> {
        let sym = self.interner.intern(name);
        let Some(Binding::Var(v)) = self.scopes.first().and_then(|s| s.names.get(&sym)).copied()
        else {
            if self
                .scopes
                .first()
                .is_some_and(|s| s.names.contains_key(&sym))
            {
                return None;
            }
            return match self.undeclared_builtin_int(name)? {
                &[a, b, c] => Some([a, b, c]),
                _ => None,
            };
        };
        let c = self.m.var(v).constant.as_ref()?;
        let comps = c.components();
        if comps.len() != 3 {
            return None;
        }
        Some([comps[0].to_i64()?, comps[1].to_i64()?, comps[2].to_i64()?])
    }

    fn stage_out_consistency(&mut self, es: &[Ent]) {
        let stage = self.stage;
        let prims: Vec<&Ent> = es
            .iter()
            .filter(|e| match stage {
                Some(Stage::Geometry) => {
                    matches!(e.name.as_str(), "points" | "line_strip" | "triangle_strip")
                }
                Some(Stage::Mesh) => matches!(e.name.as_str(), "points" | "lines" | "triangles"),
                _ => false,
            })
            .collect();
        if let Some(first) = prims.first() {
            if let Some(other) = prims.iter().find(|p| p.name != first.name) {
                if !self.relaxed_layout_repetition() {
                    self.error(
                        "layout-conflict",
                        other.span,
                        format!(
                            "only one output primitive can be declared, found `{}` and `{}`",
                            first.name, other.name
                        ),
                    );
                }
            }
        }
        if let Some(p) = prims.last() {
            let p = (*p).clone();
            self.same_word(|s| &mut s.out_prim, &p, "output primitive");
        }
        let mut names: Vec<&str> = Vec::new();
        for e in es.iter().rev() {
            if names.contains(&e.name.as_str()) {
                continue;
            }
            names.push(e.name.as_str());
            match e.name.as_str() {
                "max_vertices" => self.same_value(|s| &mut s.max_vertices, e),
                "max_primitives" => self.same_value(|s| &mut s.max_primitives, e),
                "vertices" => self.same_value(|s| &mut s.vertices, e),
                _ => {}
            }
        }
        // Defaults for later declarations.
        if let Some(v) = last(es, "xfb_buffer").and_then(|e| e.value) {
            self.layout_state.xfb_default_buffer = Some(v);
        }
        if let Some(v) = last(es, "stream").and_then(|e| e.value) {
            self.layout_state.stream_default = Some(v);
        }
        if let Some(e) = last(es, "xfb_stride") {
            if let Some(s) = e.value {
                let buffer = self.layout_state.xfb_default_buffer.unwrap_or(0);
                let span = e.span;
                self.set_xfb_stride(buffer, s, span);
            }
        }
    }

    // ---- built-in redeclarations ----

    /// `layout(origin_upper_left) in vec4 gl_FragCoord;`, `layout(depth_greater) out float
    /// gl_FragDepth;`: the qualifiers these redeclarations may take, and agreement between
    /// repeated redeclarations.
    pub(crate) fn validate_builtin_redeclaration_layout(
        &mut self,
        prev: VarId,
        q: &Quals,
        span: Span,
    ) {
        if self.builtin_mode {
            return;
        }
        let name = self.name(self.m.var(prev).name).to_string();
        let es = self.ents(&q.quals.layout);
        match name.as_str() {
            "gl_FragCoord" => {
                let mut origin = false;
                let mut pixel = false;
                for e in &es {
                    match e.name.as_str() {
                        "origin_upper_left" | "pixel_center_integer" => {
                            if self.is_es() {
                                self.error(
                                    "layout-unavailable",
                                    e.span,
                                    format!("`{}` is not available in GLSL ES", e.name),
                                );
                            } else {
                                self.layout_require(
                                    e.span,
                                    &format!("layout qualifier `{}`", e.name),
                                    150,
                                    0,
                                    &[Ext::ARB_fragment_coord_conventions],
                                );
                            }
                            if e.name == "origin_upper_left" {
                                origin = true;
                            } else {
                                pixel = true;
                            }
                        }
                        n => self.misplaced(
                            e,
                            format!("`{n}` cannot be used when redeclaring `gl_FragCoord`"),
                        ),
                    }
                }
                match self.layout_state.frag_coord {
                    Some((o, p, pspan)) if (o, p) != (origin, pixel) => {
                        let describe = |o: bool, p: bool| match (o, p) {
                            (false, false) => "no layout qualifiers".to_string(),
                            (true, false) => "`origin_upper_left`".to_string(),
                            (false, true) => "`pixel_center_integer`".to_string(),
                            (true, true) => "`origin_upper_left, pixel_center_integer`".to_string(),
                        };
                        self.diags.push(
                            fresnel_syntax::diag::Diagnostic::error(
                                "layout-conflict",
                                span,
                                format!(
                                    "all redeclarations of `gl_FragCoord` must have the same layout qualifiers: this one has {}, an earlier one {}",
                                    describe(origin, pixel),
                                    describe(o, p)
                                ),
                            )
                            .with_secondary(pspan, "earlier redeclaration"),
                        );
                    }
                    Some(_) => {}
                    None => self.layout_state.frag_coord = Some((origin, pixel, span)),
                }
            }
            "gl_FragDepth" => {
                let mut depth = None;
                for e in &es {
                    let n = e.name.as_str();
                    if is_depth_layout(n) {
                        if self.is_es() {
                            self.layout_require(
                                e.span,
                                "depth layout qualifiers",
                                0,
                                0,
                                &[Ext::EXT_conservative_depth],
                            );
                        } else {
                            self.layout_require(
                                e.span,
                                "depth layout qualifiers",
                                420,
                                0,
                                &[Ext::ARB_conservative_depth, Ext::AMD_conservative_depth],
                            );
                        }
                        depth = Some(n.to_string());
                    } else if is_core_name(n) {
                        self.misplaced(
                            e,
                            format!("`{n}` cannot be used when redeclaring `gl_FragDepth`"),
                        );
                    }
                }
                // Redeclarations without a depth layout keep the earlier one.
                match self.layout_state.frag_depth.clone() {
                    _ if depth.is_none() => {}
                    Some((d, pspan)) if d != depth => {
                        self.diags.push(
                            fresnel_syntax::diag::Diagnostic::error(
                                "layout-conflict",
                                span,
                                "all redeclarations of `gl_FragDepth` must use the same depth layout",
                            )
                            .with_secondary(pspan, "earlier redeclaration"),
                        );
                    }
                    Some(_) => {}
                    None => self.layout_state.frag_depth = Some((depth, span)),
                }
            }
            _ => {
                for e in &es {
                    let n = e.name.as_str();
                    if n == "origin_upper_left" || n == "pixel_center_integer" {
                        self.misplaced(
                            e,
                            format!("`{n}` can be used only when redeclaring `gl_FragCoord`"),
                        );
                    } else if is_depth_layout(n) {
                        self.misplaced(
                            e,
                            format!("`{n}` can be used only when redeclaring `gl_FragDepth`"),
                        );
                    }
                }
            }
        }
    }

    // ---- end of shader ----

    /// Whole-shader layout rules.
    pub(crate) fn finish_layout(&mut self) {
        if self.builtin_mode {
            return;
        }
        self.finish_xfb();
        // Derivative groups need a work-group size that fits them.
        let st = &self.layout_state;
        let (quads, linear) = (st.derivative_quads, st.derivative_linear);
        let sizes: [i64; 3] = [0, 1, 2].map(|i| st.local_size[i].map_or(1, |(v, _)| v));
        let spec = st.local_size_id.iter().any(|s| s.is_some());
        if let (Some(q), Some(_)) = (quads, linear) {
            self.error(
                "layout-conflict",
                q,
                "`derivative_group_quads` and `derivative_group_linear` cannot both be declared",
            );
        } else if !spec {
            if let Some(q) = quads {
                if sizes[0] % 2 != 0 || sizes[1] % 2 != 0 {
                    self.error(
                        "layout-value",
                        q,
                        format!(
                            "derivative groups of quads need `local_size_x` and `local_size_y` to be multiples of two (the size is {}x{}x{})",
                            sizes[0], sizes[1], sizes[2]
                        ),
                    );
                }
            }
            if let Some(l) = linear {
                if sizes[0].wrapping_mul(sizes[1]).wrapping_mul(sizes[2]) % 4 != 0 {
                    self.error(
                        "layout-value",
                        l,
                        format!(
                            "linear derivative groups need a work-group size that is a multiple of four (the size is {}x{}x{})",
                            sizes[0], sizes[1], sizes[2]
                        ),
                    );
                }
            }
        }
        if matches!(self.stage, Some(Stage::Compute | Stage::Mesh | Stage::Task))
            && self.ext_on(Ext::KHR_compute_shader_derivatives)
            && quads.is_none()
            && linear.is_none()
        {
            let span = self.tu.decls.last().map_or(Span::default(), |d| match d {
                ast::ExternalDecl::Function(f) => f.proto.name_span,
                ast::ExternalDecl::Decl(d) => d.span,
                ast::ExternalDecl::Empty(s) => *s,
            });
            self.error(
                "layout-required",
                span,
                "GL_KHR_compute_shader_derivatives needs `layout(derivative_group_quadsKHR) in;` or `layout(derivative_group_linearKHR) in;`",
            );
        }
        self.finish_work_group_size_uses();
        // Issue 5: whole specialization-sized arrays as arguments (`spec_array.rs`).
        self.finish_spec_array_calls();
        self.finish_atomic_counters();
        // GLSL ES: early fragment tests forbid writing gl_FragDepth.
        if let (Some(eft), true) = (self.layout_state.early_fragment_tests, self.is_es()) {
            if let Some(w) = self.first_write_of("gl_FragDepth") {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-conflict",
                        w,
                        "a GLSL ES shader declaring `layout(early_fragment_tests) in;` cannot write `gl_FragDepth`",
                    )
                    .with_secondary(eft, "early fragment tests requested here"),
                );
            }
        }
    }

    /// Where the shader first assigns to (or increments) the built-in variable `name`.
    fn first_write_of(&mut self, name: &str) -> Option<Span> {
        let sym = self.interner.intern(name);
        let var = match self.scopes.first().and_then(|s| s.names.get(&sym)).copied() {
            Some(Binding::Var(v)) => v,
            _ => return None,
        };
        let root = |mut e: crate::hir::ExprId| -> Option<VarId> {
            for _ in 0..256 {
                match &self.m.expr(e).kind {
                    crate::hir::ExprKind::Var(v) => return Some(*v),
                    crate::hir::ExprKind::Index(b, _)
                    | crate::hir::ExprKind::Member(b, _)
                    | crate::hir::ExprKind::Swizzle(b, _) => e = *b,
                    _ => return None,
                }
            }
            None
        };
        self.m.exprs.iter().find_map(|x| {
            let target = match &x.kind {
                crate::hir::ExprKind::Assign { lhs, .. } => *lhs,
                crate::hir::ExprKind::Unary(
                    ast::UnaryOp::PreInc
                    | ast::UnaryOp::PostInc
                    | ast::UnaryOp::PreDec
                    | ast::UnaryOp::PostDec,
                    e,
                ) => *e,
                _ => return None,
            };
            (root(target) == Some(var)).then_some(x.span)
        })
    }

    /// Atomic counter offsets, in declaration order: each binding has a default offset that
    /// starts at 0, is set by `layout(binding = N, offset = M) uniform atomic_uint;` and moves
    /// past each counter declared; two counters of one binding may not share bytes.
    fn finish_atomic_counters(&mut self) {
        if self.vulkan() {
            return;
        }
        let tu = self.tu;
        let by_span: FxHashMap<Span, VarId> = self
            .m
            .globals
            .iter()
            .filter(|v| !self.m.var(**v).builtin)
            .map(|v| (self.m.var(*v).span, *v))
            .collect();
        let mut defaults: FxHashMap<i64, i64> = FxHashMap::default();
        let mut ranges: Vec<(i64, i64, i64, String, Span)> = Vec::new();
        for d in &tu.decls {
            let ast::ExternalDecl::Decl(d) = d else {
                continue;
            };
            let ast::DeclKind::Variables {
                qualifiers,
                ty,
                declarators,
            } = &d.kind
            else {
                continue;
            };
            if !matches!(ty.kind, ast::TypeKind::Builtin(Keyword::AtomicUint))
                || !qualifiers.has(|k| matches!(k, QualifierKind::Uniform))
            {
                continue;
            }
            let es = match self.layout_state.global_layouts.get(&qualifiers.span) {
                Some(l) => self.ents(l),
                None => SmallVec::new(),
            };
            let binding = last(&es, "binding").and_then(|e| e.value);
            let offset = last(&es, "offset").and_then(|e| e.value);
            if declarators.is_empty() {
                match binding {
                    None => self.error(
                        "layout-required",
                        qualifiers.span,
                        "a declaration setting atomic counter defaults needs a `binding` layout qualifier",
                    ),
                    Some(b) => {
                        if let Some(o) = offset.filter(|o| *o >= 0) {
                            if o % 4 != 0 {
                                if let Some(e) = last(&es, "offset") {
                                    self.error(
                                        "layout-value",
                                        e.span,
                                        format!("atomic counter offset {o} must be a multiple of 4"),
                                    );
                                }
                            }
                            defaults.insert(b, o);
                        }
                    }
                }
                continue;
            }
            let Some(binding) = binding.filter(|b| *b >= 0) else {
                continue;
            };
            let mut off = match offset {
                // (A misaligned offset is reported with the declaration.)
                Some(o) if o >= 0 && o % 4 == 0 => o,
                Some(_) => continue,
                None => defaults.get(&binding).copied().unwrap_or(0),
            };
            for decl in declarators {
                let Some(&v) = by_span.get(&decl.name_span) else {
                    continue;
                };
                let vty = self.m.var(v).ty;
                if contains_unsized(&self.m.types, vty) {
                    continue;
                }
                let n = uniform_location_count(&self.m.types, vty, 0) as i64;
                let end = off.saturating_add(4i64.saturating_mul(n));
                let name = self.name(decl.name).to_string();
                if let Some((_, s, _, other, prev)) = ranges
                    .iter()
                    .find(|(b, s, e2, _, _)| *b == binding && off < *e2 && *s < end)
                    .cloned()
                {
                    self.diags.push(
                        fresnel_syntax::diag::Diagnostic::error(
                            "layout-overlap",
                            decl.name_span,
                            format!(
                                "atomic counter `{name}` (binding {binding}, offset {off}) overlaps `{other}` at offset {}",
                                off.max(s)
                            ),
                        )
                        .with_secondary(prev, "the other counter"),
                    );
                }
                if ranges.len() < MAX_TRACKED {
                    ranges.push((binding, off, end, name, decl.name_span));
                }
                off = end;
            }
            defaults.insert(binding, off);
        }
    }

    fn finish_xfb(&mut self) {
        let captures = std::mem::take(&mut self.layout_state.xfb_captures);
        let strides = self.layout_state.xfb_strides.clone();
        for (i, &(b, s, e, _, span)) in captures.iter().enumerate().take(MAX_TRACKED) {
            if let Some(&(_, ps, _, _, pspan)) = captures[..i]
                .iter()
                .find(|(pb, ps, pe, _, _)| *pb == b && *ps < e && s < *pe)
            {
                self.diags.push(
                    fresnel_syntax::diag::Diagnostic::error(
                        "layout-overlap",
                        span,
                        format!(
                            "transform feedback captures overlap in buffer {b} at offset {}",
                            s.max(ps)
                        ),
                    )
                    .with_secondary(pspan, "the other capture"),
                );
            }
            if let Some(&(_, stride, sspan)) = strides.iter().find(|(sb, _, _)| *sb == b) {
                if e > stride.max(0) as u64 {
                    self.diags.push(
                        fresnel_syntax::diag::Diagnostic::error(
                            "layout-value",
                            span,
                            format!("this capture ends at byte {e}, past the `xfb_stride` {stride} of buffer {b}"),
                        )
                        .with_secondary(sspan, "stride declared here"),
                    );
                }
            }
        }
        // Strides: a multiple of 8 when capturing 64-bit values, else of 4 (of 2 when only
        // 16-bit values are captured).
        for &(b, stride, sspan) in &strides {
            let widths: Vec<u64> = captures.iter().filter(|c| c.0 == b).map(|c| c.3).collect();
            let need = if widths.contains(&8) {
                8
            } else if !widths.is_empty() && widths.iter().all(|w| *w <= 2) {
                2
            } else {
                4
            };
            if stride % need != 0 {
                let why = match need {
                    8 => " (the buffer captures 64-bit values)",
                    _ => "",
                };
                self.error(
                    "layout-value",
                    sspan,
                    format!(
                        "`xfb_stride` {stride} of buffer {b} must be a multiple of {need}{why}"
                    ),
                );
            }
        }
        self.layout_state.xfb_captures = captures;
    }

    /// The size in bytes of the block a buffer reference points to (std430 layout, the
    /// default of buffer-reference blocks): the step of `reference + n`.
    pub(crate) fn reference_stride(&self, ty: TypeId) -> u64 {
        let Type::Struct(sid) = *self.m.types.get(ty) else {
            return 0;
        };
        let mut off = 0u64;
        let mut max_a = 1u64;
        for m in &self.m.types.struct_def(sid).members {
            let (a, size) = std_layout(&self.m.types, m.ty, Packing::Std430, false, 1);
            off = round_up(off, a).saturating_add(size);
            max_a = max_a.max(a);
        }
        round_up(off, max_a)
    }

    /// Gives `gl_WorkGroupSize` the declared size (1 where a dimension is not given); with a
    /// `local_size_*_id`, it becomes a specialization constant.
    fn set_work_group_size_value(&mut self) {
        let sym = self.interner.intern("gl_WorkGroupSize");
        let Some(Binding::Var(v)) = self.lookup(sym) else {
            return;
        };
        if !self.m.var(v).builtin {
            return;
        }
        let dims: Vec<ConstValue> = (0..3)
            .map(|i| {
                let n = self.layout_state.local_size[i].map_or(1, |(n, _)| n);
                ConstValue::U32(n.clamp(0, i64::from(u32::MAX)) as u32)
            })
            .collect();
        self.m.vars[v.index()].constant = Some(ConstValue::Composite(dims));
        if self.layout_state.local_size_id.iter().any(Option::is_some) {
            self.spec_constants.insert(v);
        }
    }

    /// gl_WorkGroupSize may be used only after a fixed work-group size is declared.
    fn finish_work_group_size_uses(&mut self) {
        if !matches!(self.stage, Some(Stage::Compute)) {
            return;
        }
        let sym = self.interner.intern("gl_WorkGroupSize");
        let decl = self.layout_state.local_size_decl;
        let tu = self.tu;
        let first_use = tu.exprs.iter().find_map(|e| match e.kind {
            ast::ExprKind::Ident(s) if s == sym => {
                let before = match decl {
                    None => true,
                    Some(d) => d.file == e.span.file && e.span.start < d.start,
                };
                before.then_some(e.span)
            }
            _ => None,
        });
        if let Some(span) = first_use {
            let msg = if decl.is_none() {
                "`gl_WorkGroupSize` is used, but the shader declares no fixed work-group size (`layout(local_size_x = ...) in;`)"
            } else {
                "`gl_WorkGroupSize` is used before the work-group size is declared"
            };
            self.error("layout-required", span, msg);
        }
    }
}

fn last_packing(es: &[Ent]) -> Option<Packing> {
    es.iter().rev().find_map(|e| Packing::from_name(&e.name))
}

impl Checker<'_> {
    /// GL_KHR_vulkan_glsl, section 4.4.3: "There can be only one push_constant block per
    /// stage, or a compile-time or link-time error will result" (glslang reports it when
    /// linking the stage). With GL_NV_push_constant_bank, one per bank.
    fn one_push_constant_block(&mut self, bank: i64, span: Span) {
        let prev = self
            .layout_state
            .push_constant_blocks
            .iter()
            .find(|(b, _)| *b == bank)
            .map(|(_, s)| *s);
        match prev {
            Some(p) => {
                let what = if self.ext_on(Ext::NV_push_constant_bank) {
                    format!("only one push_constant block per bank is allowed (bank {bank} has one already)")
                } else {
                    "only one push_constant block is allowed per stage (GL_KHR_vulkan_glsl, section 4.4.3)".to_string()
                };
                let d = Diagnostic::error("push-constant-block", span, what)
                    .with_secondary(p, "the other push_constant block");
                self.diags.push(d);
            }
            None if self.layout_state.push_constant_blocks.len() < MAX_TRACKED => {
                self.layout_state.push_constant_blocks.push((bank, span));
            }
            None => {}
        }
    }
}
