//! Locations for stage inputs and outputs that have none.
//!
//! Between two consecutive stages an output and an input of the same name (the block name
//! for interface blocks) get the same location, enough locations for the larger of the
//! two; explicit locations are kept and never overlapped. Per-vertex arrays of the
//! tessellation and geometry stages are counted per vertex. `patch` variables are matched
//! only with `patch` variables but share the location space of the per-vertex ones (Vulkan
//! and spirv-val reject a per-patch and a per-vertex variable at one location). Built-ins
//! and blocks with located or built-in members are left alone.

use fresnel_ir::{Shader, Stage, Type, TypeId, VarId, VarMode};

use crate::{pipeline_rank, LinkError, LinkReport};

/// The highest location handed out (far above every implementation's limit, so a real
/// program never reaches it).
const MAX_LOCATION: u32 = 4096;

/// Ranges of locations in use.
#[derive(Default)]
struct Occupied(Vec<(u32, u32)>);

impl Occupied {
    fn mark(&mut self, start: u32, n: u32) {
        self.0.push((start, start.saturating_add(n.max(1))));
    }

    fn is_free(&self, start: u32, n: u32) -> bool {
        let end = start.saturating_add(n.max(1));
        self.0.iter().all(|&(a, b)| end <= a || start >= b)
    }

    /// The lowest `n` free consecutive locations, marked used.
    fn take(&mut self, n: u32) -> Result<u32, LinkError> {
        let mut start = 0u32;
        loop {
            if start.saturating_add(n) > MAX_LOCATION {
                return Err(LinkError::new(format!(
                    "no room for {n} more interface locations (limit {MAX_LOCATION})"
                )));
            }
            match self
                .0
                .iter()
                .filter(|&&(a, b)| start.saturating_add(n.max(1)) > a && start < b)
                .map(|&(_, b)| b)
                .max()
            {
                Some(b) => start = b,
                None => {
                    self.mark(start, n);
                    return Ok(start);
                }
            }
        }
    }
}

/// Is this stage's input (or output) of `mode` an array with one element per vertex?
fn per_vertex(stage: Stage, mode: VarMode, patch: bool) -> bool {
    !patch
        && match stage {
            Stage::TessControl => true,
            Stage::TessEval | Stage::Geometry => mode == VarMode::ShaderIn,
            Stage::Mesh => mode == VarMode::ShaderOut,
            _ => false,
        }
}

/// Locations a variable takes, per vertex for per-vertex arrays.
fn count(sh: &Shader, id: VarId) -> u32 {
    let v = &sh.vars[id];
    let mut ty: TypeId = v.ty;
    if per_vertex(sh.stage, v.mode, v.patch) {
        if let Type::Array { elem, .. } = sh.types.get(ty) {
            ty = *elem;
        }
    }
    sh.types.location_count(ty)
}

/// The user-defined inputs or outputs of a shader that take locations.
fn interface(sh: &Shader, mode: VarMode, patch: bool) -> Vec<VarId> {
    sh.vars
        .iter()
        .filter(|(_, v)| {
            v.mode == mode
                && !v.builtin
                && v.patch == patch
                && !v.members.iter().any(|m| m.builtin || m.location.is_some())
        })
        .map(|(id, _)| id)
        .collect()
}

fn explicit(sh: &Shader, vars: &[VarId], occ: &mut Occupied) {
    for &id in vars {
        if let Some(l) = sh.vars[id].location.and_then(|l| u32::try_from(l).ok()) {
            occ.mark(l, count(sh, id));
        }
    }
}

fn loc(l: u32) -> i32 {
    i32::try_from(l).unwrap_or(i32::MAX)
}

/// Matches the outputs of `p` with the inputs of `c`.
fn link_pair(shaders: &mut [Shader], p: usize, c: usize) -> Result<(), LinkError> {
    // One location space for per-vertex and per-patch variables.
    let mut occ = Occupied::default();
    for patch in [false, true] {
        let outs = interface(&shaders[p], VarMode::ShaderOut, patch);
        let ins = interface(&shaders[c], VarMode::ShaderIn, patch);
        explicit(&shaders[p], &outs, &mut occ);
        explicit(&shaders[c], &ins, &mut occ);
    }
    for patch in [false, true] {
        let outs = interface(&shaders[p], VarMode::ShaderOut, patch);
        let ins = interface(&shaders[c], VarMode::ShaderIn, patch);
        for &o in &outs {
            if shaders[p].vars[o].location.is_some() {
                continue;
            }
            let name = shaders[p].vars[o].name.clone();
            let partner = ins
                .iter()
                .copied()
                .find(|&i| shaders[c].vars[i].name == name);
            let l = match partner {
                Some(i) => match shaders[c].vars[i].location {
                    Some(l) => l,
                    None => {
                        let n = count(&shaders[p], o).max(count(&shaders[c], i));
                        let l = loc(occ.take(n)?);
                        shaders[c].vars[i].location = Some(l);
                        l
                    }
                },
                None => loc(occ.take(count(&shaders[p], o))?),
            };
            shaders[p].vars[o].location = Some(l);
        }
        for &i in &ins {
            if shaders[c].vars[i].location.is_some() {
                continue;
            }
            let name = &shaders[c].vars[i].name;
            let from = outs
                .iter()
                .find(|&&o| shaders[p].vars[o].name == *name)
                .and_then(|&o| shaders[p].vars[o].location);
            let l = match from {
                Some(l) => l,
                None => loc(occ.take(count(&shaders[c], i))?),
            };
            shaders[c].vars[i].location = Some(l);
        }
    }
    Ok(())
}

/// Numbers the unlocated variables of one side of the program (the first stage's inputs,
/// the last stage's outputs) after the explicit ones; returns every variable's location.
fn number_edge(
    sh: &mut Shader,
    mode: VarMode,
    lone_to_zero: bool,
) -> Result<Vec<(String, i32)>, LinkError> {
    let mut all = Vec::new();
    // One location space for per-vertex and per-patch variables.
    let mut occ = Occupied::default();
    for patch in [false, true] {
        explicit(sh, &interface(sh, mode, patch), &mut occ);
    }
    for patch in [false, true] {
        let vars = interface(sh, mode, patch);
        let unlocated: Vec<VarId> = vars
            .iter()
            .copied()
            .filter(|&v| sh.vars[v].location.is_none())
            .collect();
        for &v in &unlocated {
            let n = count(sh, v);
            let l = if lone_to_zero && unlocated.len() == 1 && occ.is_free(0, n) {
                occ.mark(0, n);
                0
            } else {
                occ.take(n)?
            };
            sh.vars[v].location = Some(loc(l));
        }
        if !patch {
            all.extend(
                vars.iter()
                    .map(|&v| (sh.vars[v].name.clone(), sh.vars[v].location.unwrap_or(0))),
            );
        }
    }
    Ok(all)
}

pub(crate) fn assign_locations(
    shaders: &mut [Shader],
    order: &[usize],
    report: &mut LinkReport,
) -> Result<(), LinkError> {
    let graphics: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| pipeline_rank(shaders[i].stage) < 7)
        .collect();
    for w in graphics.windows(2) {
        link_pair(shaders, w[0], w[1])?;
    }
    if let Some(&first) = graphics.first() {
        let names = number_edge(&mut shaders[first], VarMode::ShaderIn, false)?;
        if shaders[first].stage == Stage::Vertex {
            report.attributes = names;
        }
    }
    if let Some(&last) = graphics.last() {
        let fragment = shaders[last].stage == Stage::Fragment;
        let names = number_edge(&mut shaders[last], VarMode::ShaderOut, fragment)?;
        if fragment {
            report.frag_outputs = names;
        }
    }
    Ok(())
}
