//! Interstage interfaces of a linked program (Mesa's `cross_validate_outputs_to_inputs`):
//! between every pair of adjacent present stages, each input of the consumer is matched to
//! an output of the producer, and the two must agree in type, `patch` and (where the
//! language requires it) interpolation. An input statically read that no output feeds is an
//! error.
//!
//! Matching follows GL 4.6 section 7.4.1 and the GLSL "Shader Interface Matching" rules:
//! when both sides have an explicit `location` they match by location and component (the
//! names may differ, as Vulkan interfaces have it); otherwise by name, input and output
//! blocks by block name. Per-vertex arrays (tessellation and geometry inputs, tessellation
//! control outputs) are compared without their outer array. Built-in variables and
//! redeclared built-in blocks (`gl_PerVertex`, even partial) are not user interfaces.

use std::collections::BTreeSet;

use fresnel_ir::{Shader, Stage, Type, TypeId, Types, VarMode, Variable};

use crate::program_facts::Language;
use crate::LinkError;

/// A stage as people name it in messages.
pub(crate) fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::TessControl => "tessellation control",
        Stage::TessEval => "tessellation evaluation",
        other => other.name(),
    }
}

/// What two types must share to be the same type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TypeMatch {
    /// Structures (and blocks) must have the same name. Uniforms: yes; interstage
    /// interfaces: no (Mesa's `record_compare(.., match_name = false)`: piglit's
    /// `layout-location-struct` feeds `in struct S1 {..}` from `out struct S2 {..}`).
    pub struct_names: bool,
    /// Members must have the same names: not for interfaces matched by location (Vulkan
    /// matches locations, not names; glslang's `link.crossStageIO` blocks).
    pub member_names: bool,
}

/// Whether two types (each of its shader's type table) are the same type: member names
/// and types, layouts (offsets, strides, majorness) and array sizes, as `m` asks. An array
/// without a size yet (implicitly sized, sized by the link) matches any size.
pub(crate) fn same_type(ta: &Types, a: TypeId, tb: &Types, b: TypeId, m: TypeMatch) -> bool {
    fn go(ta: &Types, a: TypeId, tb: &Types, b: TypeId, m: TypeMatch, depth: usize) -> bool {
        if depth > 32 {
            return true;
        }
        match (ta.get(a), tb.get(b)) {
            (
                Type::Struct {
                    name: na,
                    fields: fa,
                    block: ba,
                },
                Type::Struct {
                    name: nb,
                    fields: fb,
                    block: bb,
                },
            ) => {
                ba == bb
                    && (!m.struct_names || na == nb)
                    && fa.len() == fb.len()
                    && fa.iter().zip(fb).all(|(x, y)| {
                        (!m.member_names || x.name == y.name)
                            && x.offset == y.offset
                            && x.row_major == y.row_major
                            && x.matrix_stride == y.matrix_stride
                            && go(ta, x.ty, tb, y.ty, m, depth + 1)
                    })
            }
            (
                Type::Array {
                    elem: ea,
                    len: la,
                    stride: sa,
                },
                Type::Array {
                    elem: eb,
                    len: lb,
                    stride: sb,
                },
            ) => {
                (la == lb || *la == 0 || *lb == 0) && sa == sb && go(ta, *ea, tb, *eb, m, depth + 1)
            }
            (Type::Struct { .. } | Type::Array { .. }, _)
            | (_, Type::Struct { .. } | Type::Array { .. }) => false,
            _ => ta.display(a) == tb.display(b),
        }
    }
    go(ta, a, tb, b, m, 0)
}

/// A type as GLSL writes it (`vec3`, `ivec2`, `mat2x3`, `float[4]`, `S { float a; }`), for
/// messages.
pub(crate) fn glsl_type(types: &Types, ty: TypeId) -> String {
    use fresnel_ir::BaseType;
    match types.get(ty) {
        Type::Vector {
            base,
            bits,
            components,
        } => {
            let (scalar, prefix) = match (base, bits) {
                (BaseType::Float, 64) => ("double", "d".to_string()),
                (BaseType::Float, 32) => ("float", String::new()),
                (BaseType::Int, 32) => ("int", "i".into()),
                (BaseType::Uint, 32) => ("uint", "u".into()),
                (BaseType::Bool, _) => ("bool", "b".into()),
                _ => return types.display(ty),
            };
            if *components == 1 {
                scalar.into()
            } else {
                format!("{prefix}vec{components}")
            }
        }
        Type::Matrix {
            bits,
            columns,
            rows,
        } => {
            let d = if *bits == 64 { "d" } else { "" };
            if columns == rows {
                format!("{d}mat{columns}")
            } else {
                format!("{d}mat{columns}x{rows}")
            }
        }
        Type::Array { elem, len, .. } => {
            // Innermost element first, then the dimensions outermost first.
            let mut dims = if *len == 0 {
                "[]".to_string()
            } else {
                format!("[{len}]")
            };
            let mut t = *elem;
            while let Type::Array { elem, len, .. } = types.get(t) {
                dims.push_str(&if *len == 0 {
                    "[]".to_string()
                } else {
                    format!("[{len}]")
                });
                t = *elem;
            }
            format!("{}{dims}", glsl_type(types, t))
        }
        Type::Struct { name, fields, .. } => {
            // The members too (two declarations of one name differ in them), the first few.
            let mut members: Vec<String> = fields
                .iter()
                .take(6)
                .map(|f| format!("{} {};", glsl_type(types, f.ty), f.name))
                .collect();
            if fields.len() > 6 {
                members.push("...".into());
            }
            format!("{name} {{ {} }}", members.join(" "))
        }
        _ => types.display(ty),
    }
}

/// The name of the block a variable of type `ty` (or an array of it) is an instance of.
pub(crate) fn block_name(types: &Types, ty: TypeId) -> Option<&str> {
    let mut t = ty;
    for _ in 0..8 {
        match types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            Type::Struct {
                name, block: true, ..
            } => return Some(name),
            _ => return None,
        }
    }
    None
}

/// One side of an interstage interface variable: the variable with its per-vertex array
/// removed.
pub(crate) struct Io<'a> {
    pub var: &'a Variable,
    pub shader: &'a Shader,
    /// The type without the per-vertex array.
    pub ty: TypeId,
    /// The block name for an I/O block (matched by it rather than the instance name).
    pub block: Option<&'a str>,
}

impl Io<'_> {
    /// What a message calls it: `input block `B``, `output `v``.
    pub fn what(&self, dir: &str) -> String {
        match self.block {
            Some(b) => format!("{dir} block `{b}`"),
            None => format!("{dir} `{}`", self.var.name),
        }
    }

    /// The name it is matched by: the block name, or the variable's.
    pub fn key(&self) -> &str {
        self.block.unwrap_or(&self.var.name)
    }

    /// Whether it has the type of `other` (structure names aside; member names too when
    /// the two were matched by location).
    pub fn same_type(&self, other: &Io<'_>, by_location: bool) -> bool {
        let m = TypeMatch {
            struct_names: false,
            member_names: !by_location,
        };
        same_type(
            &self.shader.types,
            self.ty,
            &other.shader.types,
            other.ty,
            m,
        )
    }

    /// Locations it takes (per vertex).
    pub fn locations(&self) -> u32 {
        self.shader.types.location_count(self.ty)
    }

    /// Whether the variable or a member of its block has an explicit location.
    pub fn has_location(&self) -> bool {
        self.var.location.is_some() || self.var.members.iter().any(|m| m.location.is_some())
    }

    pub fn type_text(&self) -> String {
        glsl_type(&self.shader.types, self.ty)
    }
}

/// The user-declared inputs (`mode` = `ShaderIn`) or outputs of the units of one stage.
pub(crate) fn io_vars<'a>(stage: Stage, shaders: &[&'a Shader], mode: VarMode) -> Vec<Io<'a>> {
    // Tessellation and geometry inputs, tessellation control outputs: per-vertex arrays.
    let per_vertex = match mode {
        VarMode::ShaderIn => matches!(
            stage,
            Stage::TessControl | Stage::TessEval | Stage::Geometry
        ),
        _ => stage == Stage::TessControl,
    };
    let mut out = Vec::new();
    for &s in shaders {
        for (_, v) in s.vars_of(mode) {
            if v.builtin {
                continue;
            }
            let mut ty = v.ty;
            if per_vertex && !v.patch {
                if let Type::Array { elem, .. } = s.types.get(ty) {
                    ty = *elem;
                }
            }
            let block = block_name(&s.types, ty);
            if block.is_some_and(|b| b.starts_with("gl_")) {
                continue;
            }
            out.push(Io {
                var: v,
                shader: s,
                ty,
                block,
            });
        }
    }
    out
}

/// Whether an output and an input are the same interface variable in a linked program:
/// by location and component when both have a location, else by name (blocks by block
/// name).
fn linked_match(o: &Io<'_>, i: &Io<'_>) -> bool {
    if o.block.is_none() != i.block.is_none() {
        return false;
    }
    match (o.var.location, i.var.location) {
        (Some(a), Some(b)) => a == b && o.var.component == i.var.component,
        _ => o.key() == i.key(),
    }
}

/// Vulkan's one type mismatch an interface allows: an input vector (or scalar) reading
/// fewer components of an output vector of the same component type at its location (the
/// Vulkan CTS `linkage.varying.rules.legal_mismatch_*` programs).
fn fewer_components(o: &Io<'_>, i: &Io<'_>) -> bool {
    match (o.shader.types.get(o.ty), i.shader.types.get(i.ty)) {
        (
            Type::Vector {
                base: ob,
                bits: obits,
                components: on,
            },
            Type::Vector {
                base: ib,
                bits: ibits,
                components: inn,
            },
        ) => ob == ib && obits == ibits && inn < on,
        _ => false,
    }
}

/// The interface between `producer` and `consumer`, adjacent present stages of a linked
/// program. `used` holds the inputs the consumer statically reads (variable and block
/// names); `invariant` the variables each declares `invariant` in its source.
pub(crate) fn cross_validate_outputs_to_inputs(
    (ps, producer): (Stage, &[&Shader]),
    (cs, consumer): (Stage, &[&Shader]),
    used: &BTreeSet<&str>,
    invariant: &(BTreeSet<&str>, BTreeSet<&str>),
    lang: Language,
) -> Result<(), LinkError> {
    let outs = io_vars(ps, producer, VarMode::ShaderOut);
    let ins = io_vars(cs, consumer, VarMode::ShaderIn);
    let (pn, cn) = (stage_name(ps), stage_name(cs));
    for i in &ins {
        // An input with a location takes the output at that location first, then one of
        // its name without a location of its own.
        let found = outs
            .iter()
            .find(|o| o.var.location.is_some() && linked_match(o, i))
            .or_else(|| outs.iter().find(|o| linked_match(o, i)));
        let Some(o) = found else {
            // GLSL "Input Variables": only the inputs statically read must be written by
            // the previous stage. (An input with an explicit location, on it or on a member
            // of its block, may be fed by outputs the names do not show; Mesa does not
            // report those either.)
            if !i.has_location() && used.contains(i.key()) {
                return Err(LinkError::new(format!(
                    "the {cn} shader reads {} but the {pn} shader does not write it",
                    i.what("input")
                )));
            }
            continue;
        };
        let pair = || {
            let at = match i.var.location {
                Some(l) if o.var.location.is_some() => format!(" (location {l})"),
                _ => String::new(),
            };
            format!("{cn} {} and {pn} {}{at}", i.what("input"), o.what("output"))
        };
        if o.var.patch != i.var.patch {
            return Err(LinkError::new(format!("{} differ in `patch`", pair())));
        }
        let by_location = i.var.location.is_some() && o.var.location.is_some();
        // Matched by location, two variables covering different numbers of locations only
        // overlap: what feeds the input's other locations is other outputs (location
        // aliasing, glslang's `link.crossStageIO`), which this check does not model.
        let comparable = !by_location || o.locations() == i.locations();
        if comparable && !o.same_type(i, by_location) && !(lang.vulkan && fewer_components(o, i)) {
            return Err(LinkError::new(format!(
                "{} have different types ({} and {})",
                pair(),
                i.type_text(),
                o.type_text()
            )));
        }
        // An output invariant only through `#pragma STDGL invariant(all)` may feed a plain
        // input (dEQP's gles2 `pragma_vertex`) or an invariant one (piglit's
        // `glsl-invariant-pragma`); one declared `invariant` needs an invariant input, and
        // an invariant input an invariant output.
        let input_invariant = invariant.1.contains(i.var.name.as_str());
        if lang.invariance_must_match()
            && o.block.is_none()
            && i.block.is_none()
            && ((invariant.0.contains(o.var.name.as_str()) && !input_invariant)
                || (input_invariant && !o.var.invariant))
        {
            return Err(LinkError::new(format!(
                "{}: `invariant` must be used on both or on neither",
                pair()
            )));
        }
        if lang.interpolation_must_match() && o.var.interp != i.var.interp {
            return Err(LinkError::new(format!(
                "{} have different interpolation qualifiers ({:?} and {:?})",
                pair(),
                i.var.interp,
                o.var.interp
            )));
        }
    }
    Ok(())
}
