//! What the program-level checks ([`crate::validate_program`]) compare that the IR does not
//! keep: the language version, effective precisions of uniforms, block packings, whether a
//! block has an instance name, the global names unnamed blocks declare, which inputs are
//! statically used and whether a geometry shader declares `max_vertices`. The front end
//! fills one [`ShaderFacts`] per compilation unit from its checked program
//! (`fresnel::shader_facts`).

use std::collections::{BTreeMap, BTreeSet};

use fresnel_ir::Stage;

/// What one compilation unit tells the program checks beyond its IR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderFacts {
    /// The unit's stage.
    pub stage: Stage,
    /// The `#version` number (100, 110, ..., 460; 300/310/320 are ES when `es`).
    pub version: u16,
    /// GLSL ES.
    pub es: bool,
    /// Compiled for Vulkan: resources are matched by set and binding, not by name, so the
    /// cross-stage uniform rules of a GL program do not apply; an input may read fewer
    /// components of an output vector, and interpolation need not match.
    pub vulkan: bool,
    /// The effective precision (`"Highp"`, `"Mediump"`, `"Lowp"`) of every default-block
    /// uniform, or member path (`s.a`, `arr[]`), the shader reads.
    pub precisions: BTreeMap<String, String>,
    /// Uniform block name -> `"PACKING, MAJOR"` (`"std140, column_major"`).
    pub packing: BTreeMap<String, String>,
    /// `"uniform Name"` / `"buffer Name"` -> whether the block has an instance name.
    pub instance: BTreeMap<String, bool>,
    /// Global names of the uniform interface -> what declares them: `"the default uniform
    /// block"`, or the unnamed uniform or buffer block that has a member of that name.
    pub globals: BTreeMap<String, String>,
    /// Inputs the shader reads (statically used): variable names, and the block names of
    /// input blocks whose members or instances are read.
    pub used_inputs: BTreeSet<String>,
    /// User inputs and outputs (variable names, outside blocks) declared `invariant` in the
    /// source, not by `#pragma STDGL invariant(all)` (Mesa's `explicit_invariant`).
    pub explicit_invariant: BTreeSet<String>,
    /// The shader declares `layout(max_vertices = N) out` (geometry).
    pub max_vertices: bool,
    /// The shader declares a fixed local size (`layout(local_size_x = N) in`, or its
    /// specialization-constant form), or a variable one (`layout(local_size_variable) in`,
    /// GL_ARB_compute_variable_group_size) (compute).
    pub local_size_fixed: bool,
    pub local_size_variable: bool,
}

impl ShaderFacts {
    /// Adds the facts of another compilation unit of the same stage (the stage's shader is
    /// the units linked together): the union of what each declares and reads.
    pub fn absorb(&mut self, other: ShaderFacts) {
        self.version = self.version.max(other.version);
        self.es |= other.es;
        self.vulkan |= other.vulkan;
        self.precisions.extend(other.precisions);
        self.packing.extend(other.packing);
        self.instance.extend(other.instance);
        self.globals.extend(other.globals);
        self.used_inputs.extend(other.used_inputs);
        self.explicit_invariant.extend(other.explicit_invariant);
        self.max_vertices |= other.max_vertices;
        self.local_size_fixed |= other.local_size_fixed;
        self.local_size_variable |= other.local_size_variable;
    }

    /// Facts that compare as nothing (no precisions, blocks or globals), for `stage` in
    /// desktop GLSL 4.60; every input counts as unused.
    pub fn new(stage: Stage) -> ShaderFacts {
        ShaderFacts {
            stage,
            version: 460,
            es: false,
            vulkan: false,
            precisions: BTreeMap::new(),
            packing: BTreeMap::new(),
            instance: BTreeMap::new(),
            globals: BTreeMap::new(),
            used_inputs: BTreeSet::new(),
            explicit_invariant: BTreeSet::new(),
            max_vertices: false,
            local_size_fixed: false,
            local_size_variable: false,
        }
    }
}

/// The program-wide language rules the checks follow, from the facts of every unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Language {
    pub es: bool,
    /// The highest version of the program's units (as Mesa's `GLSL_Version`).
    pub version: u16,
    /// Every unit was compiled for Vulkan.
    pub vulkan: bool,
}

impl Language {
    pub fn of(facts: &[ShaderFacts]) -> Language {
        Language {
            es: facts.iter().any(|f| f.es),
            version: facts.iter().map(|f| f.version).max().unwrap_or(460),
            vulkan: !facts.is_empty() && facts.iter().all(|f| f.vulkan),
        }
    }

    /// Whether an output and the input it feeds must agree in interpolation (`flat`,
    /// `smooth`, `noperspective`). GLSL ES: yes ("Matching of Qualifiers", linked shaders:
    /// Interpolation *Yes*). Desktop GLSL 4.40 and later: no ("interpolation qualification
    /// (e.g. flat) and auxiliary qualification (e.g. centroid) may differ. These
    /// mismatches are allowed between any pair of stages."); earlier desktop versions
    /// required it, and Mesa keeps the requirement below 4.40. Vulkan: no (its interface
    /// matching rules exempt interpolation decorations; the Vulkan CTS
    /// `linkage.varying.rules.legal_mismatch_ivec*` programs feed a `flat` input from an
    /// output without it).
    pub fn interpolation_must_match(self) -> bool {
        !self.vulkan && (self.es || self.version < 440)
    }

    /// Whether an output and the input it feeds must both be declared `invariant` or both
    /// not: desktop GLSL before 4.20 ("For variables leaving one shader and coming into
    /// another shader, the invariant keyword has to be used in both shaders, or a link
    /// error will result") and GLSL ES 1.00 ("The invariance of varyings that are declared
    /// in both the vertex and fragment shaders must match"). From GLSL 4.20 and ES 3.00 on
    /// an input cannot be declared invariant and only the output's counts; the same lines
    /// as the compiler's (`fresnel_sema`'s `invariant_allowed`).
    pub fn invariance_must_match(self) -> bool {
        !self.vulkan
            && if self.es {
                self.version < 300
            } else {
                self.version < 420
            }
    }

    /// Whether same-named uniforms must agree in precision: GLSL ES only (default uniforms
    /// *Yes*; desktop GLSL precision qualifiers have no meaning).
    pub fn uniform_precision_must_match(self) -> bool {
        self.es
    }

    /// Whether uniforms and blocks of the same name in different stages are one object
    /// that must be declared alike: a GL program (Vulkan binds by set and binding).
    pub fn uniforms_are_shared(self) -> bool {
        !self.vulkan
    }
}
